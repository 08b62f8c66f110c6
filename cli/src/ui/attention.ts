import { t } from "./messages.ts";

const BEL = "\u0007";
/** XTWINOPS: save the window title on the terminal's stack, and take it back (terminals without it ignore both). */
const PUSH_TITLE = "\u001b[22;2t";
const POP_TITLE = "\u001b[23;2t";
const title = (text: string) => `\u001b]2;${text.replace(/[\u0000-\u001f\u007f]/g, " ")}${BEL}`;

export type AttentionReason = "done" | "waiting";

/**
 * MAIA_NO_NOTIFY=1 (any value but empty, 0 or false): no bell and no title when a turn ends or a confirmation waits.
 */
export function notifyDisabled(env: NodeJS.ProcessEnv): boolean {
  const value = env.MAIA_NO_NOTIFY?.trim().toLowerCase();
  return value !== undefined && value !== "" && value !== "0" && value !== "false";
}

/**
 * Claude Code's terminal notifications: when a turn ends or a confirmation waits while the terminal is not
 * focused, the bell rings and the window title says so; the title the user had comes back with the focus.
 * Only while unfocused: a terminal that never reported focus is taken as focused, and is never rung.
 */
export class Attention {
  readonly #write: (bytes: string) => void;
  readonly #focused: () => boolean;
  readonly #enabled: boolean;
  #titled = false;

  constructor(options: { write: (bytes: string) => void; focused: () => boolean; enabled: boolean }) {
    this.#write = options.write;
    this.#focused = options.focused;
    this.#enabled = options.enabled;
  }

  /** Rings and titles when the terminal is not focused; true when it did. */
  call(reason: AttentionReason): boolean {
    if (!this.#enabled || this.#focused()) return false;
    const text = reason === "done" ? t("titleDone") : t("titleWaiting");
    this.#write(`${this.#titled ? "" : PUSH_TITLE}${title(text)}${BEL}`);
    this.#titled = true;
    return true;
  }

  /** Focus came back (or the UI closes): the user's title again. */
  restore(): void {
    if (!this.#titled) return;
    this.#titled = false;
    this.#write(POP_TITLE);
  }
}
