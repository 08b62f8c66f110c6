import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import type { AgentInfo, PermissionRequest, WaitingEntry } from "../../../src/protocol.ts";
import { call } from "../api.ts";
import { useCapabilities } from "../hooks/use-capabilities.ts";
import { useConversation } from "../hooks/use-conversation.ts";
import { usePageVisible } from "../hooks/use-page-visible.ts";
import { useT } from "../i18n/locale-context.ts";
import { AgentIcon } from "./agent-icon.tsx";
import { BackgroundBar } from "./background-bar.tsx";
import { MessageView } from "./chat-message.tsx";
import { Composer } from "./composer.tsx";
import { StateBadge } from "./state-badge.tsx";
import { ThreadList } from "./thread-list.tsx";
import { ToolCard } from "./tool-card.tsx";
import { PermissionCard } from "./permission-card.tsx";
import { UsageRing } from "./usage-ring.tsx";

/** How close to the bottom (px) still counts as "following": the view then sticks to what arrives. */
const STICK_DISTANCE = 48;
const NONE: PermissionRequest[] = [];

/** The conversation with one agent: its threads, the current thread's messages, streamed, and the box to write to it. */
export function ChatPanel({ agent, waiting }: { agent: AgentInfo | undefined; waiting: readonly WaitingEntry[] }) {
  const t = useT();
  if (!agent) {
    return (
      <section className="panel chat-panel chat-empty" data-testid="chat-panel">
        <p className="muted">{t("chat.pick")}</p>
      </section>
    );
  }
  return <AgentChat key={agent.name} agent={agent} waiting={waiting} />;
}

function AgentChat({ agent, waiting }: { agent: AgentInfo; waiting: readonly WaitingEntry[] }) {
  const t = useT();
  const title = agent.title || agent.name;
  const { conversation, error, refreshCommands } = useConversation(agent.name);
  const capabilities = useCapabilities(agent.name);
  const visible = usePageVisible();
  const list = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  // An answer that ends in the thread on screen, page visible, is read as it arrives: the hub is told so.
  const thread = conversation?.thread;
  const unread = thread !== undefined && waiting.some((entry) => entry.agent === agent.name && entry.thread === thread && entry.reason === "unread");
  useEffect(() => {
    if (unread && visible && thread !== undefined) void call("ThreadService", "Open", agent.name, thread).catch(() => undefined);
  }, [unread, visible, thread, agent.name]);
  useEffect(() => {
    following.current = true;
  }, [thread]);

  // Permission requests by message, so that each message gets a stable array (its memo holds while others stream).
  const byMessage = useMemo(() => {
    const map = new Map<string, PermissionRequest[]>();
    for (const request of conversation?.permissions ?? []) {
      map.set(request.messageId, [...(map.get(request.messageId) ?? []), request]);
    }
    return map;
  }, [conversation?.permissions]);
  const orphans = useMemo(() => {
    const ids = new Set(conversation?.messages.map((message) => message.id));
    return (conversation?.permissions ?? []).filter((request) => !ids.has(request.messageId));
  }, [conversation?.permissions, conversation?.messages]);

  useLayoutEffect(() => {
    const element = list.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [conversation]);

  const busy = conversation?.busy ?? false;
  const queued = conversation?.queued ?? 0;

  return (
    <section className="panel chat-panel" aria-label={t("chat.label", { title })} data-testid="chat-panel" data-agent={agent.name} data-thread={thread ?? ""} data-busy={busy}>
      <header className="chat-header">
        <AgentIcon name={agent.name} icon={agent.icon} title={title} />
        <div className="chat-title">
          <h2>{title}</h2>
          <div className="chat-status">
            <StateBadge name={`chat-${agent.name}`} state={agent.state} />
            {busy ? (
              <span className="chat-answering" data-testid="chat-answering">
                {t("chat.answering")}
              </span>
            ) : null}
            {queued > 0 ? (
              <span className="badge badge-queued" data-testid="chat-waiting">
                {t("chat.waiting", { count: queued })}
              </span>
            ) : null}
          </div>
        </div>
        <span className="spacer" />
        {conversation ? <UsageRing usage={conversation.usage} /> : null}
      </header>
      <div className="chat-body">
        <ThreadList agent={agent.name} title={title} listSessions={!capabilities.known || capabilities.listSessions} />
        <div className="chat-main">
          <div
            ref={list}
            className="chat-messages"
            data-testid="chat-messages"
            role="log"
            aria-live="polite"
            aria-relevant="additions"
            tabIndex={0}
            onScroll={(event) => {
              const element = event.currentTarget;
              following.current = element.scrollHeight - element.scrollTop - element.clientHeight < STICK_DISTANCE;
            }}
          >
            {error ? (
              <p className="notice notice-danger" role="alert">
                {t("chat.loadFailed")} {error}
              </p>
            ) : null}
            {conversation === undefined ? (
              error ? null : <p className="muted">{t("loading")}</p>
            ) : conversation.messages.length === 0 ? (
              <p className="chat-placeholder muted">{t("chat.empty", { title })}</p>
            ) : (
              conversation.messages.map((message) => (
                <MessageView key={message.id} message={message} permissions={byMessage.get(message.id) ?? NONE} agentTitle={title} />
              ))
            )}
            {orphans.map((request) => (
              <ToolCard key={request.id} toolCall={request.toolCall}>
                <PermissionCard request={request} agentTitle={title} />
              </ToolCard>
            ))}
          </div>
          <BackgroundBar agent={agent.name} state={agent.state} conversation={conversation} />
          <Composer
            agent={agent.name}
            title={title}
            busy={busy}
            capabilities={capabilities}
            commands={conversation?.commands ?? []}
            onCommandsWanted={refreshCommands}
            onSent={() => (following.current = true)}
          />
        </div>
      </div>
    </section>
  );
}
