import type { AgentInfo, AgentState } from "../../../src/protocol.ts";
import { useT } from "../i18n/locale-context.ts";

export type AgentAction = "start" | "stop" | "restart";

/**
 * Which buttons a state allows. A stop during `starting` is valid (the seed ends it in `stopped` once the start
 * is over); a restart is not offered then, nor in `error`, where ▶ already is the way back.
 */
const ALLOWED: Record<AgentState, ReadonlySet<AgentAction>> = {
  stopped: new Set(["start"]),
  error: new Set(["start"]),
  starting: new Set(["stop"]),
  ready: new Set(["stop", "restart"]),
  busy: new Set(["stop", "restart"]),
};

const GLYPH: Record<AgentAction, string> = { start: "▶", stop: "■", restart: "⟳" };
const LABEL = { start: "agent.startLabel", stop: "agent.stopLabel", restart: "agent.restartLabel" } as const;
const TEXT = { start: "agent.start", stop: "agent.stop", restart: "agent.restart" } as const;

export function AgentActions({
  agent,
  pending,
  onAction,
}: {
  agent: AgentInfo;
  /** The action in flight: every button waits for it. */
  pending: AgentAction | undefined;
  onAction: (action: AgentAction) => void;
}) {
  const t = useT();
  return (
    <div className="agent-actions" role="group">
      {(["start", "stop", "restart"] as const).map((action) => (
        <button
          key={action}
          type="button"
          className={`icon-button action-${action}`}
          data-testid={`${action}-${agent.name}`}
          aria-label={t(LABEL[action], { title: agent.title || agent.name })}
          title={t(TEXT[action])}
          disabled={pending !== undefined || !ALLOWED[agent.state].has(action)}
          onClick={() => onAction(action)}
        >
          <span aria-hidden="true">{GLYPH[action]}</span>
        </button>
      ))}
    </div>
  );
}
