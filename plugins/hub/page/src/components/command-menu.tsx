import type { AgentCommand } from "../../../src/protocol.ts";
import { useT } from "../i18n/locale-context.ts";

/** The agent's slash commands matching what follows "/": an ARIA listbox, the focus staying in the box. */
export function CommandMenu({
  id,
  title,
  commands,
  matches,
  active,
  onPick,
  onHover,
}: {
  id: string;
  title: string;
  commands: AgentCommand[];
  matches: AgentCommand[];
  active: number;
  onPick: (command: AgentCommand) => void;
  onHover: (index: number) => void;
}) {
  const t = useT();
  return (
    <ul className="command-menu" id={id} role="listbox" aria-label={t("commands.label", { title })} data-testid="command-menu">
      {matches.length === 0 ? (
        <li className="command-none muted" role="presentation">
          {commands.length === 0 ? t("commands.unknown", { title }) : t("commands.none")}
        </li>
      ) : (
        matches.map((command, index) => (
          <li
            key={command.name}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === active}
            className="command-option"
            data-testid="command-option"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(command)}
            onMouseEnter={() => onHover(index)}
          >
            <span className="command-name">/{command.name.replace(/^\//, "")}</span>
            {command.hint ? <span className="command-hint">{command.hint}</span> : null}
            <span className="command-description">{command.description}</span>
          </li>
        ))
      )}
    </ul>
  );
}
