import { useEffect, useState } from "react";
import type { DiscoveredAgent } from "../../../src/protocol.ts";
import { addAgentEntry } from "../../../src/config/add-agent-text.ts";
import { call, errorMessage } from "../api.ts";
import { useT } from "../i18n/locale-context.ts";
import { Modal } from "./modal.tsx";

/**
 * "Add agent": the ACP agents found on this machine (`ConfigService.Discover`); Add writes the agent's entry at
 * the end of `agents` in the configuration text — its comments and layout kept — and saves it with
 * `ConfigService.Save`, which checks it as any save does. The new agent then appears, stopped.
 */
export function AddAgentDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [found, setFound] = useState<DiscoveredAgent[] | undefined>(undefined);
  const [error, setError] = useState("");
  const [added, setAdded] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState("");

  useEffect(() => {
    let live = true;
    call("ConfigService", "Discover").then(
      (agents) => live && setFound(agents),
      (failure: unknown) => live && setError(errorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, []);

  const add = async (agent: DiscoveredAgent): Promise<void> => {
    setAdding(agent.id);
    setError("");
    try {
      const text = await call("ConfigService", "Content");
      const entry = { name: agent.id, title: agent.title, icon: agent.icon, description: agent.description, command: agent.command, args: agent.args };
      const result = addAgentEntry(text, entry);
      if (!result.ok) {
        setError(result.reason === "invalid" ? t("addAgent.invalid") : t("addAgent.notList"));
        return;
      }
      const saved = await call("ConfigService", "Save", result.text);
      if (!saved.saved) {
        setError(`${t("addAgent.failed")} ${saved.problems.map((problem) => `${problem.line}:${problem.column} ${problem.message}`).join("; ")}`);
        return;
      }
      setAdded((now) => ({ ...now, [agent.id]: result.name }));
    } catch (failure) {
      setError(`${t("addAgent.failed")} ${errorMessage(failure)}`);
    } finally {
      setAdding("");
    }
  };

  return (
    <Modal open title={t("addAgent.title")} testId="add-agent-dialog" onCancel={onClose} className="add-agent-dialog">
      <p className="muted">{t("addAgent.intro")}</p>
      {error ? (
        <p className="notice notice-danger" role="alert" data-testid="add-agent-error">
          {error}
        </p>
      ) : null}
      {found === undefined && !error ? <p className="muted">{t("addAgent.loading")}</p> : null}
      <ul className="discovered-list">
        {(found ?? []).map((agent) => {
          const done = added[agent.id] ?? "";
          return (
            <li key={agent.id} className="discovered" data-testid={`discovered-${agent.id}`}>
              <span className="agent-icon" aria-hidden="true">
                {agent.icon}
              </span>
              <span className="discovered-text">
                <span className="discovered-title">{agent.title}</span>
                <span className="discovered-description">{agent.description}</span>
                <code className="discovered-command" title={t("addAgent.found", { path: agent.found })}>
                  {[agent.command, ...agent.args].join(" ")}
                </code>
                {agent.configured ? <span className="muted">{t("addAgent.already", { name: agent.configured })}</span> : null}
                {done ? <span className="text-success" role="status">{t("addAgent.added", { name: done })}</span> : null}
              </span>
              <button type="button" className="button small-button" data-testid={`add-${agent.id}`} disabled={adding !== "" || done !== ""} onClick={() => void add(agent)}>
                {t("addAgent.add")}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose} autoFocus>
          {t("addAgent.close")}
        </button>
      </div>
    </Modal>
  );
}
