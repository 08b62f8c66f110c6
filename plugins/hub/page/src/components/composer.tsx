import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { AgentCommand, FileMatch, PromptCapabilities } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import { completeMention, mentionedFiles, typedMention } from "../chat/mentions.ts";
import { completeCommand, matchCommands, typedCommand } from "../chat/slash-commands.ts";
import { useAttachments } from "../hooks/use-attachments.ts";
import { useFileMatches } from "../hooks/use-file-matches.ts";
import { useT } from "../i18n/locale-context.ts";
import { AttachmentChips } from "./attachment-chips.tsx";
import { CommandMenu } from "./command-menu.tsx";
import { FileMenu } from "./file-menu.tsx";

/**
 * The message box: Enter sends (pressed while the previous message is on its way, once that one is taken),
 * Shift+Enter starts a new line, Esc stops the answer. A "/" at the start offers
 * the agent's slash commands, an "@" the files of its folder (each picked file goes to the agent as an ACP
 * resource where it is named); images pasted or dropped go as ACP image content. Both lists are ARIA comboboxes
 * that arrows, Tab and Enter move through and pick from, the focus staying in the text area.
 */
export function Composer({
  agent,
  title,
  busy,
  capabilities,
  commands,
  onCommandsWanted,
  onSent,
}: {
  agent: string;
  title: string;
  busy: boolean;
  capabilities: PromptCapabilities;
  commands: AgentCommand[];
  onCommandsWanted: () => void;
  /** The message went: the conversation scrolls to show it, even if the user had scrolled up. */
  onSent: () => void;
}) {
  const t = useT();
  const listId = useId();
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  // Enter pressed while the previous message was still on its way: the box sends what it holds once that one is
  // taken (a fast typist's Enter is not lost; the text stays visible in the box meanwhile).
  const [sendWhenSent, setSendWhenSent] = useState(false);
  const [error, setError] = useState("");
  const [stopError, setStopError] = useState("");
  const [highlight, setHighlight] = useState(0);
  const [menuClosed, setMenuClosed] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const attachments = useAttachments(title, capabilities);

  const typed = typedCommand(text);
  const mention = typed === undefined ? typedMention(text, caret) : undefined;
  const { matches: files, loading } = useFileMatches(agent, mention && !menuClosed ? mention.query : undefined);
  const commandMatches = typed === undefined ? [] : matchCommands(commands, typed);
  const menu: "commands" | "files" | undefined = menuClosed ? undefined : typed !== undefined ? "commands" : mention ? "files" : undefined;
  const options = menu === "commands" ? commandMatches.length : menu === "files" ? files.length : 0;
  const active = Math.min(highlight, Math.max(0, options - 1));

  // Another agent: another draft. The box is emptied and focused.
  useEffect(() => {
    setText("");
    setSendWhenSent(false);
    setPicked([]);
    setError("");
    setStopError("");
    attachments.clear();
    attachments.dismiss();
    box.current?.focus();
  }, [agent]);

  const send = async (): Promise<void> => {
    const message = text;
    const images = attachments.images;
    if (!message.trim() && images.length === 0) return;
    if (sending) {
      setSendWhenSent(true);
      return;
    }
    setSending(true);
    setError("");
    try {
      const files = mentionedFiles(message, picked);
      if (files.length === 0 && images.length === 0) await call("ChatService", "Send", agent, message);
      else await call("ChatService", "SendPrompt", agent, { text: message, files, images });
      onSent();
      setText((now) => (now === message ? "" : now));
      setPicked([]);
      attachments.clear();
    } catch (failure) {
      // What was typed meanwhile waits for the user, who sees why this one did not go.
      setSendWhenSent(false);
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  useEffect(() => {
    if (sending || !sendWhenSent) return;
    setSendWhenSent(false);
    void send();
  }, [sending, sendWhenSent]);

  const stop = async (): Promise<void> => {
    setStopError("");
    try {
      await call("ChatService", "Cancel", agent);
    } catch (failure) {
      setStopError(errorMessage(failure));
    }
  };

  const place = (next: string, at: number): void => {
    setText(next);
    setCaret(at);
    requestAnimationFrame(() => box.current?.setSelectionRange(at, at));
    box.current?.focus();
  };
  const chooseCommand = (command: AgentCommand): void => {
    const next = completeCommand(command);
    place(next, next.length);
    setMenuClosed(true);
  };
  const chooseFile = (match: FileMatch): void => {
    if (!mention) return;
    const completed = completeMention(text, mention, match.path, match.kind === "folder");
    if (match.kind === "file") setPicked((now) => [...now, match.path]);
    setHighlight(0);
    place(completed.text, completed.caret);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.nativeEvent.isComposing) return;
    if (menu && options > 0) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setHighlight((active + step + options) % options);
        return;
      }
      if ((event.key === "Tab" && !event.shiftKey) || (event.key === "Enter" && !event.shiftKey)) {
        event.preventDefault();
        if (menu === "commands") chooseCommand(commandMatches[active]!);
        else chooseFile(files[active]!);
        return;
      }
    }
    if (event.key === "Escape") {
      event.preventDefault();
      if (menu) setMenuClosed(true);
      else if (busy) void stop();
      return;
    }
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div
      className="composer"
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes("Files")) event.preventDefault();
      }}
      onDrop={(event) => {
        if (attachments.add(event.dataTransfer.files)) event.preventDefault();
      }}
    >
      {menu === "commands" ? (
        <CommandMenu id={listId} title={title} commands={commands} matches={commandMatches} active={active} onPick={chooseCommand} onHover={setHighlight} />
      ) : null}
      {menu === "files" ? <FileMenu id={listId} title={title} matches={files} loading={loading} active={active} onPick={chooseFile} onHover={setHighlight} /> : null}
      <AttachmentChips images={attachments.images} onRemove={attachments.remove} />
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
          aria-expanded={menu !== undefined}
          aria-controls={menu ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={menu && options > 0 ? `${listId}-${active}` : undefined}
          onChange={(event) => {
            const next = event.target.value;
            const startsCommand = typedCommand(next) !== undefined && typedCommand(text) === undefined;
            const nextMention = typedCommand(next) === undefined ? typedMention(next, event.target.selectionStart) : undefined;
            if (startsCommand) onCommandsWanted();
            // A menu closed with Esc (or by a pick) opens again for the next "/" or "@".
            if (startsCommand || (nextMention !== undefined && nextMention.start !== mention?.start) || (typedCommand(next) === undefined && nextMention === undefined)) {
              setMenuClosed(false);
            }
            setHighlight(0);
            setText(next);
            setCaret(event.target.selectionStart);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onPaste={(event) => {
            // An image on the clipboard is attached; text on it is pasted as text, as always.
            if (attachments.add(event.clipboardData.files) && !event.clipboardData.types.includes("text/plain")) event.preventDefault();
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
          disabled={(!text.trim() && attachments.images.length === 0) || sending}
          onClick={() => void send()}
        >
          {t("chat.send")}
        </button>
      </div>
      <p className="composer-keys">{t("chat.keys")}</p>
      {attachments.refusal ? (
        <div className="notice notice-danger composer-error" role="alert" data-testid="attach-refused">
          <span>{attachments.refusal}</span>
          <button type="button" className="icon-button small" aria-label={t("dismiss")} onClick={attachments.dismiss}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
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
