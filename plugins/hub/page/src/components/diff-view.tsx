import { memo, useMemo, useState } from "react";
import type { ToolDiff } from "../../../src/protocol.ts";
import { unifiedDiff } from "../chat/unified-diff.ts";
import { useT } from "../i18n/locale-context.ts";

/** Rows shown before a long diff folds the rest behind "Show N more lines". */
const FOLD_AFTER = 40;

const SIGN = { context: " ", added: "+", removed: "−" } as const;

/** One file's change as a unified diff: old and new line numbers, + and − rows coloured; long ones folded. */
export const DiffView = memo(function DiffView({ diff }: { diff: ToolDiff }) {
  const t = useT();
  const [unfolded, setUnfolded] = useState(false);
  const { rows, added, removed } = useMemo(() => unifiedDiff(diff.oldText, diff.newText), [diff.oldText, diff.newText]);
  const hidden = unfolded ? 0 : Math.max(0, rows.length - FOLD_AFTER);
  const shown = hidden > 0 ? rows.slice(0, FOLD_AFTER) : rows;

  return (
    <figure className="diff" data-testid="diff" aria-label={t("diff.label", { path: diff.path })}>
      <figcaption className="diff-header">
        <span className="path">{diff.path}</span>
        {diff.newFile ? <span className="badge diff-new">{t("diff.newFile")}</span> : null}
        <span className="spacer" />
        <span className="diff-stat">
          <span className="diff-stat-added">+{added}</span> <span className="diff-stat-removed">−{removed}</span>
        </span>
      </figcaption>
      {rows.length === 0 ? (
        <p className="diff-empty muted">{t("diff.unchanged")}</p>
      ) : (
        <div className="diff-body">
          <table className="diff-table">
            <tbody>
              {shown.map((row, index) =>
                row.type === "hunk" ? (
                  <tr key={index} className="diff-hunk">
                    <td colSpan={4}>{row.header}</td>
                  </tr>
                ) : (
                  <tr key={index} className={`diff-${row.type}`}>
                    <td className="diff-number">{row.oldLine ?? ""}</td>
                    <td className="diff-number">{row.newLine ?? ""}</td>
                    <td className="diff-sign" aria-hidden="true">
                      {SIGN[row.type]}
                    </td>
                    <td className="diff-text">{row.text}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      {hidden > 0 || unfolded ? (
        <button type="button" className="text-button diff-fold" onClick={() => setUnfolded((open) => !open)}>
          {unfolded ? t("diff.less") : t("diff.more", { count: hidden })}
        </button>
      ) : null}
    </figure>
  );
});
