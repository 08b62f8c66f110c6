import type { ImageBlock, ImageReference } from "@maia/kernel";
import type { CompletionView } from "./completion/completion-controller.ts";
import type { LogEntry } from "./log-entry.ts";
import type { EditorState } from "./line-editor.ts";
import type { ConfirmDetailView } from "./confirm-detail.ts";

/** What the UIStore exposes to the components and takes from the keyboard. */
/** A key as the store understands it: Ink's `Key` fits, tests build their own. */
export interface KeyPress {
  input: string;
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  return?: boolean;
  escape?: boolean;
  ctrl?: boolean;
  meta?: boolean;
  backspace?: boolean;
  delete?: boolean;
  tab?: boolean;
  shift?: boolean;
  home?: boolean;
  end?: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
}

/** A line sent, with the images attached to it (issue 38), or the user leaving. */
export type InputResult = { kind: "line"; text: string; images?: ImageBlock[] } | { kind: "exit"; via: "ctrl-c" | "ctrl-d" };

export interface SelectChoice {
  label: string;
  hint?: string;
}

/** What the input zone shows: the input box, the greyed box of a turn, a question, a list, or nothing. */
export type PromptView =
  | { kind: "input" }
  | { kind: "busy" }
  /** `detail`: a tool's diff, command and findings; `always`: the rules `a` / `p` would add. */
  | { kind: "confirm"; question: string; allowStop: boolean; detail?: ConfirmDetailView; always?: readonly string[] }
  /** A free-text question (InteractionPort.input) and the answer being typed. */
  | { kind: "question"; question: string; editor: EditorState }
  | { kind: "select"; title: string; choices: readonly SelectChoice[]; index: number }
  | { kind: "hidden" };

export interface BackgroundCounts {
  running: number;
  foreground: number;
}

export interface ContextUsage {
  tokens: number;
  max?: number;
}

export interface ToolsRunning {
  names: string[];
  done: number;
}

export interface UISnapshot {
  /** Entries not yet written by <Static>; once written they are acknowledged and dropped from the next snapshot. */
  readonly entries: readonly LogEntry[];
  /** Changes when acknowledged entries are dropped, so that <Static> starts over with the rest. */
  readonly staticKey: number;
  readonly thinking: boolean;
  readonly tools: ToolsRunning | null;
  /**
   * A label for the status line while something other than the model works: `withSpinner`, a sub-agent (the
   * newest of those still running).
   */
  readonly activity: string | undefined;
  readonly prompt: PromptView;
  readonly editor: EditorState;
  /** Lines sent with Enter during a turn, oldest first: each is a next input, in order, once the turn ends. */
  readonly queued: readonly string[];
  /** Images attached to the request being typed, shown as chips above the input line (issue 38). */
  readonly attachments: readonly ImageReference[];
  /** When the input box last changed (epoch ms): its spinner rests a while after, see InputBox. */
  readonly editedAt: number;
  readonly context: ContextUsage | undefined;
  /** The completion list under the input box, when one is open. */
  readonly completion: CompletionView | undefined;
  /** The permissions plugin's approval mode (`default`, `acceptEdits`, `plan`); undefined without the plugin. */
  readonly mode: string | undefined;
  /** Whether Bash runs in the OS sandbox (the sandbox plugin's state once probed); undefined: not known / no plugin. */
  readonly sandbox: "on" | "off" | "unavailable" | undefined;
  /** Commands running in the background, and Bash calls running in the foreground that Ctrl+B can move there. */
  readonly background: BackgroundCounts;
}
