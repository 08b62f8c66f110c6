import type { FileMatch } from "../../../src/protocol.ts";
import { useT } from "../i18n/locale-context.ts";

/** The files of the agent's folder that match the `@` being typed: an ARIA listbox, the focus staying in the box. */
export function FileMenu({
  id,
  title,
  matches,
  loading,
  active,
  onPick,
  onHover,
}: {
  id: string;
  title: string;
  matches: FileMatch[];
  loading: boolean;
  active: number;
  onPick: (match: FileMatch) => void;
  onHover: (index: number) => void;
}) {
  const t = useT();
  return (
    <ul className="command-menu file-menu" id={id} role="listbox" aria-label={t("files.label", { title })} data-testid="file-menu">
      {matches.length === 0 ? (
        <li className="command-none muted" role="presentation">
          {loading ? t("files.loading") : t("files.none")}
        </li>
      ) : (
        matches.map((match, index) => (
          <li
            key={match.path}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === active}
            className="command-option file-option"
            data-testid="file-option"
            data-path={match.path}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(match)}
            onMouseEnter={() => onHover(index)}
          >
            <span className="file-path">
              {match.path}
              {match.kind === "folder" ? "/" : ""}
            </span>
            {match.kind === "folder" ? <span className="command-hint">{t("files.folder")}</span> : null}
          </li>
        ))
      )}
    </ul>
  );
}
