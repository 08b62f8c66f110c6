import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { AgentCommand } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import { completeCommand, matchCommands, typedCommand } from "../chat/slash-commands.ts";
import { useT } from "../i18n/locale-context.ts";

/**
 * The message box: Enter sends, Shift+Enter starts a new line, Esc stops the answer. A "/" at the start offers
 * the agent's slash commands, in a list that arrows, Tab and Enter move through and pick from (an ARIA
 * combobox: the focus stays in the text area).
 */
export function Composer({
  agent,
  title,
  busy,
  commands,
  onCommandsWanted,
  onSent,
}: {
  agent: string;
  title: string;
  busy: boolean;
  commands: AgentCommand[];
  onCommandsWanted: () => void;
  /** The message went: the conversation scrolls to show it, even if the user had scrolled up. */
  onSent: () => void;
}) {
  const t = useT();
  const listId = useId();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState("");
  const [stopError, setStopError] = useState("");
  const [highlight, setHighlight] = useState(0);
  const [menuClosed, setMenuClosed] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);

  const typed = typedCommand(text);
  const matches = typed === undefined ? [] : matchCommands(commands, typed);
  const menuOpen = typed !== undefined && !menuClosed;
  const active = Math.min(highlight, Math.max(0, matches.length - 1));

  // Another agent: another draft. The box is emptied and focused.
  useEffect(() => {
    setText("");
    setError("");
    setStopError("");
    box.current?.focus();
  }, [agent]);

  const send = async (): Promise<void> => {
    const message = text;
    if (!message.trim() || sending) return;
    setSending(true);
    setError("");
    try {
      await call("ChatService", "Send", agent, message);
      onSent();
      setText((now) => (now === message ? "" : now));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  const stop = async (): Promise<void> => {
    setStopError("");
    try {
      await call("ChatService", "Cancel", agent);
    } catch (failure) {
      setStopError(errorMessage(failure));
    }
  };

  const choose = (command: AgentCommand): void => {
    setText(completeCommand(command));
    setMenuClosed(true);
    box.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.nativeEvent.isComposing) return;
    if (menuOpen && matches.length > 0) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setHighlight((active + step + matches.length) % matches.length);
        return;
      }
      if ((event.key === "Tab" && !event.shiftKey) || (event.key === "Enter" && !event.shiftKey)) {
        const command = matches[active];
        if (command) {
          event.preventDefault();
          choose(command);
          return;
        }
      }
    }
    if (event.key === "Escape") {
      event.preventDefault();
      if (menuOpen) setMenuClosed(true);
      else if (busy) void stop();
      return;
    }
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div className="composer">
      {menuOpen ? (
        <ul className="command-menu" id={listId} role="listbox" aria-label={t("commands.label", { title })} data-testid="command-menu">
          {matches.length === 0 ? (
            <li className="command-none muted" role="presentation">
              {commands.length === 0 ? t("commands.unknown", { title }) : t("commands.none")}
            </li>
          ) : (
            matches.map((command, index) => (
              <li
                key={command.name}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className="command-option"
                data-testid="command-option"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(command)}
                onMouseEnter={() => setHighlight(index)}
              >
                <span className="command-name">/{command.name.replace(/^\//, "")}</span>
                {command.hint ? <span className="command-hint">{command.hint}</span> : null}
                <span className="command-description">{command.description}</span>
              </li>
            ))
          )}
        </ul>
      ) : null}
      <div className="composer-row">
        <textarea
          ref={box}
          className="input composer-input"
          data-testid="chat-input"
          rows={1}
          value={text}
          placeholder={t("chat.placeholder", { title })}
          aria-label={t("chat.inputLabel", { title })}
          role="combobox"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={menuOpen && matches.length > 0 ? `${listId}-${active}` : undefined}
          onChange={(event) => {
            const next = event.target.value;
            if (typedCommand(next) !== undefined && typedCommand(text) === undefined) {
              onCommandsWanted();
              setMenuClosed(false);
            }
            if (typedCommand(next) === undefined) setMenuClosed(false);
            setHighlight(0);
            setText(next);
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="button button-danger-outline"
          data-testid="chat-stop"
          title={t("chat.stopHint")}
          disabled={!busy}
          onClick={() => void stop()}
        >
          <span aria-hidden="true">■</span> {t("chat.stop")}
        </button>
        <button
          type="button"
          className="button button-primary"
          data-testid="chat-send"
          disabled={!text.trim() || sending}
          onClick={() => void send()}
        >
          {t("chat.send")}
        </button>
      </div>
      <p className="composer-keys">{t("chat.keys")}</p>
      {error ? (
        <div className="notice notice-danger composer-error" role="alert" data-testid="send-error">
          <span>
            {t("chat.sendFailed")} {error}
          </span>
          <button type="button" className="icon-button small" aria-label={t("dismiss")} onClick={() => setError("")}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
      {stopError ? (
        <p className="notice notice-danger" role="alert">
          {t("chat.stopFailed")} {stopError}
        </p>
      ) : null}
    </div>
  );
}
