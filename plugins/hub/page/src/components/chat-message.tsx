import { memo, useContext, useState } from "react";
import type { ChatMessage, MessagePart, PermissionRequest } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import { LocaleContext, useT } from "../i18n/locale-context.ts";
import { ImageThumbnails } from "./image-thumbnails.tsx";
import { MarkdownText } from "./markdown.tsx";
import { PermissionCard } from "./permission-card.tsx";
import { PlanList } from "./plan-list.tsx";
import { ToolCard } from "./tool-card.tsx";

function Time({ iso }: { iso: string }) {
  const t = useT();
  const locale = useContext(LocaleContext);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const time = date.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
  return (
    <time className="message-time" dateTime={iso} title={t("chat.time", { time: date.toLocaleString(locale) })}>
      {time}
    </time>
  );
}

/** A thought, folded: its summary says whether the agent is still thinking. */
function Thought({ text, streaming }: { text: string; streaming: boolean }) {
  const t = useT();
  return (
    <details className="thought" data-testid="thought">
      <summary>{streaming ? t("chat.thinking") : t("chat.thought")}</summary>
      <MarkdownText text={text} />
    </details>
  );
}

function Part({
  part,
  streaming,
  permissions,
  agentTitle,
}: {
  part: MessagePart;
  streaming: boolean;
  permissions: PermissionRequest[];
  agentTitle: string;
}) {
  switch (part.kind) {
    case "text":
      return <MarkdownText text={part.text} />;
    case "thought":
      return <Thought text={part.text} streaming={streaming} />;
    case "plan":
      return <PlanList entries={part.entries} />;
    case "image":
      return <ImageThumbnails images={[part.image]} />;
    case "tool": {
      const asking = permissions.filter((request) => request.toolCall.id === part.toolCall.id);
      return (
        <ToolCard toolCall={part.toolCall}>
          {asking.length > 0
            ? asking.map((request) => <PermissionCard key={request.id} request={request} agentTitle={agentTitle} />)
            : undefined}
        </ToolCard>
      );
    }
  }
}

function UserMessage({ message }: { message: ChatMessage }) {
  const t = useT();
  const [dropping, setDropping] = useState(false);
  const [error, setError] = useState("");
  const dropped = !message.queued && message.error === "cancelled";
  const text = message.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");

  const drop = async (): Promise<void> => {
    setDropping(true);
    setError("");
    try {
      await call("ChatService", "Drop", message.agent, message.id);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setDropping(false);
    }
  };

  return (
    <article
      className={`message message-user${message.queued ? " is-queued" : ""}${dropped ? " is-dropped" : ""}`}
      data-testid="message-user"
      data-message-id={message.id}
      data-queued={message.queued}
    >
      <header className="message-meta">
        <span className="message-author">{t("chat.you")}</span>
        <Time iso={message.createdAt} />
        {message.queued ? (
          <>
            <span className="badge badge-queued" data-testid="queued-badge">
              {t("chat.queued")}
            </span>
            <button
              type="button"
              className="text-button drop-button"
              data-testid="drop-queued"
              aria-label={t("chat.dropLabel")}
              disabled={dropping}
              onClick={() => void drop()}
            >
              {t("chat.drop")}
            </button>
          </>
        ) : null}
        {dropped ? <span className="badge badge-dropped">{t("chat.dropped")}</span> : null}
      </header>
      {/* The user's own words, as typed: plain text, line breaks kept; then the images sent with them. */}
      <div className="user-text">{text}</div>
      <ImageThumbnails images={message.parts.flatMap((part) => (part.kind === "image" ? [part.image] : []))} />
      {error ? (
        <p className="notice notice-danger" role="alert">
          {t("chat.dropFailed")} {error}
        </p>
      ) : null}
    </article>
  );
}

function AgentMessage({
  message,
  permissions,
  agentTitle,
}: {
  message: ChatMessage;
  permissions: PermissionRequest[];
  agentTitle: string;
}) {
  const t = useT();
  const last = message.parts.length - 1;
  // Permission requests whose tool call is not among the parts (yet): shown at the end of the message.
  const toolIds = new Set(message.parts.flatMap((part) => (part.kind === "tool" ? [part.toolCall.id] : [])));
  const loose = permissions.filter((request) => !toolIds.has(request.toolCall.id));
  const stopReason = message.stopReason && message.stopReason !== "end_turn" ? message.stopReason : undefined;

  return (
    <article
      className={`message message-agent${message.done ? "" : " is-streaming"}`}
      data-testid="message-agent"
      data-message-id={message.id}
      data-done={message.done}
      data-stop-reason={message.stopReason}
      aria-busy={!message.done}
    >
      <header className="message-meta">
        <span className="message-author">{agentTitle}</span>
        <Time iso={message.createdAt} />
      </header>
      <div className="message-body">
        {message.parts.map((part, index) => (
          <Part
            key={index}
            part={part}
            streaming={!message.done && index === last}
            permissions={permissions}
            agentTitle={agentTitle}
          />
        ))}
        {loose.map((request) => (
          <ToolCard key={request.id} toolCall={request.toolCall}>
            <PermissionCard request={request} agentTitle={agentTitle} />
          </ToolCard>
        ))}
        {!message.done && message.parts.length === 0 ? <p className="working muted">{t("chat.working")}</p> : null}
        {!message.done ? <span className="typing" aria-hidden="true" /> : null}
      </div>
      {stopReason ? (
        <p className={`message-stop stop-${stopReason}`} data-testid="stop-reason">
          {t(`chat.stopReason.${stopReason}`)}
        </p>
      ) : null}
      {message.error ? (
        <div className="notice notice-danger message-error" role="alert" data-testid="message-error">
          {t("chat.error")} <span className="error-text">{message.error}</span>
        </div>
      ) : null}
    </article>
  );
}

function SystemMessage({ message, agentTitle }: { message: ChatMessage; agentTitle: string }) {
  const t = useT();
  const text = message.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
  if (message.code === "agent-unavailable") {
    return (
      <div className="message message-system system-unavailable" role="status" data-testid="message-system" data-message-id={message.id} data-code={message.code}>
        <p>{t("chat.system.unavailable", { title: agentTitle })}</p>
        <pre className="system-error">{message.error || text}</pre>
      </div>
    );
  }
  return (
    <div className={`message message-system system-${message.code || "other"}`} role="status" data-testid="message-system" data-message-id={message.id} data-code={message.code}>
      <p>{message.code === "agent-restarted" ? t("chat.system.restarted", { title: agentTitle }) : text}</p>
      {message.error ? <pre className="system-error">{message.error}</pre> : null}
    </div>
  );
}

/**
 * One message of the conversation. Memoised on the message object and its permissions: while one message
 * streams, the others keep their identity (conversation-state.ts) and do not render again.
 */
export const MessageView = memo(function MessageView({
  message,
  permissions,
  agentTitle,
}: {
  message: ChatMessage;
  permissions: PermissionRequest[];
  agentTitle: string;
}) {
  if (message.role === "user") return <UserMessage message={message} />;
  if (message.role === "system") return <SystemMessage message={message} agentTitle={agentTitle} />;
  return <AgentMessage message={message} permissions={permissions} agentTitle={agentTitle} />;
});
