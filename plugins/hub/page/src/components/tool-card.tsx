import { memo, type ReactNode } from "react";
import type { ToolCall } from "../../../src/protocol.ts";
import { useT } from "../i18n/locale-context.ts";
import { DiffView } from "./diff-view.tsx";
import { ImageThumbnails } from "./image-thumbnails.tsx";

/** The input as indented JSON when it is JSON, as sent otherwise. */
function pretty(input: string): string {
  try {
    return JSON.stringify(JSON.parse(input), null, 2);
  } catch {
    return input;
  }
}

/**
 * One tool call: kind, title, status, the files it touches, its diffs (shown), its input and output (folded),
 * and, while the agent waits for an answer, the permission card (`children`).
 */
export const ToolCard = memo(function ToolCard({ toolCall, children }: { toolCall: ToolCall; children?: ReactNode }) {
  const t = useT();
  return (
    <section
      className={`tool-card tool-${toolCall.status}`}
      data-testid="tool-card"
      data-tool-id={toolCall.id}
      data-status={toolCall.status}
      data-kind={toolCall.kind}
    >
      <header className="tool-header">
        <span className={`badge tool-kind kind-${toolCall.kind}`}>{t(`tool.kind.${toolCall.kind}`)}</span>
        <span className="tool-title">{toolCall.title || t("tool.untitled")}</span>
        {toolCall.sandboxed === undefined ? null : (
          <span
            className={`badge tool-sandbox ${toolCall.sandboxed ? "sandbox-in" : "sandbox-out"}`}
            data-testid="tool-sandbox"
            title={t(toolCall.sandboxed ? "tool.sandboxedTitle" : "tool.unsandboxedTitle")}
          >
            {t(toolCall.sandboxed ? "tool.sandboxed" : "tool.unsandboxed")}
          </span>
        )}
        <span className={`badge tool-status status-${toolCall.status}`} data-testid="tool-status">
          {t(`tool.status.${toolCall.status}`)}
        </span>
      </header>
      {toolCall.locations.length > 0 ? (
        <ul className="tool-locations">
          {toolCall.locations.map((location, index) => (
            <li key={index} className="path">
              {location.path}
              {location.line > 0 ? `:${location.line}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {toolCall.diffs.map((diff, index) => (
        <DiffView key={`${diff.path}-${index}`} diff={diff} />
      ))}
      {toolCall.input ? (
        <details className="tool-section">
          <summary>{t("tool.input")}</summary>
          <pre className="code-block">{pretty(toolCall.input)}</pre>
        </details>
      ) : null}
      {toolCall.images && toolCall.images.length > 0 ? <ImageThumbnails images={toolCall.images} /> : null}
      {toolCall.output ? (
        <details className="tool-section" data-testid="tool-output">
          <summary>{t("tool.output")}</summary>
          <pre className="code-block">{toolCall.output}</pre>
        </details>
      ) : null}
      {children}
    </section>
  );
});
