/**
 * The hub's one contract: every event the server pushes and every service method the page calls (seed 001),
 * declared once and imported by both the Node server and the page — our counterpart of the seed's generated
 * Go/TypeScript bindings, so a renamed field fails to compile on both sides. Names are exactly the seed's.
 *
 * Transport (docs/hub.md): a service method is `POST /api/<Service>/<Method>` with a JSON array of its
 * positional arguments, answered `200 {"result": …}` or 4xx/5xx `{"error": "…"}`; events are one Server-Sent
 * Events stream, `GET /api/events`, each `event: <name>` with `data: <payload as JSON>`.
 *
 * This module holds types and plain data only: no Node or DOM API, so both sides can import it.
 */

// ── Agents ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The states of seed 001 ("États d'un agent"). `outdated` is a flag beside them, not a state. */
export const AGENT_STATES = ["stopped", "starting", "ready", "busy", "error"] as const;
export type AgentState = (typeof AGENT_STATES)[number];

/** One agent as `AgentService.List()` gives it, in configuration order. */
export interface AgentInfo {
  name: string;
  title: string;
  /** An emoji, or a path to an image (served by the hub at `/api/icon/<name>`). */
  icon: string;
  description: string;
  state: AgentState;
  /** Why the agent is in `error` (the reason, then its last stderr lines on a failed start); "" otherwise. */
  error: string;
  /** Running with a definition that changed in the configuration since it started: a restart applies it. */
  outdated: boolean;
}

// ── Configuration ───────────────────────────────────────────────────────────────────────────────────────────

/** A problem or warning of a configuration text, 1-based, pointing at the value at fault. */
export interface Problem {
  line: number;
  column: number;
  message: string;
  warning: boolean;
}

export interface Validation {
  problems: Problem[];
  warnings: Problem[];
}

/** Where the configuration in use came from: `--config`, the most recent file opened, or `~/.maia/hub.json`. */
export type ConfigSource = "flag" | "recent" | "default";
export type Theme = "system" | "light" | "dark";
export type Language = "system" | "en" | "fr";

/**
 * A channel: a door for scripts and bots to one agent's conversation, `POST /channels/<name>` with its own
 * bearer token (docs/hub.md, "Channels"). The token is never part of what the page sees.
 */
export interface ChannelInfo {
  name: string;
  agent: string;
}

/** `ConfigService.Current()`. */
export interface ConfigCurrent {
  path: string;
  source: ConfigSource;
  /** The file did not exist and was created with the default agent. */
  created: boolean;
  /** The file on disk is valid; when false, the last valid configuration stays in force. */
  valid: boolean;
  problems: Problem[];
  warnings: Problem[];
  theme: Theme;
  language: Language;
  channels: ChannelInfo[];
}

/** `ConfigService.Save(text)`: written only when valid; otherwise the problems, and the file untouched. */
export interface SaveResult {
  saved: boolean;
  problems: Problem[];
  warnings: Problem[];
}

/** One entry of `ConfigService.Browse(folder)`: the page's own file dialog. */
export interface BrowseEntry {
  name: string;
  path: string;
  kind: "folder" | "file";
}

export interface BrowseResult {
  /** The folder listed, absolute and resolved. */
  folder: string;
  /** Its parent, or "" at the root. */
  parent: string;
  /** Sub-folders, then `.json` / `.jsonc` files, each sorted by name; hidden entries are left out. */
  entries: BrowseEntry[];
}


// ── Conversations (seed 001, "Conversations (milestone M2)") ───────────────────────────────────────────────

export type MessageRole = "user" | "agent" | "system";
/** How an agent message ended (ACP's stop reasons). */
export const STOP_REASONS = ["end_turn", "cancelled", "max_tokens", "max_turn_requests", "refusal"] as const;
export type StopReason = (typeof STOP_REASONS)[number];
/** System messages: `agent-restarted` (a new session: the agent forgot the beginning), `agent-unavailable`. */
export type SystemCode = "agent-restarted" | "agent-unavailable";
export const TOOL_KINDS = ["read", "edit", "delete", "move", "search", "execute", "think", "fetch", "other"] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];
export type ToolStatus = "pending" | "in_progress" | "completed" | "failed";

/** A file a tool call changed: the whole old and new texts (the page computes the unified diff). */
export interface ToolDiff {
  path: string;
  /** "" for a new file. */
  oldText: string;
  newText: string;
  newFile: boolean;
}

export interface ToolLocation {
  path: string;
  /** 1-based; 0 when the agent gave none. */
  line: number;
}

/** One tool call of an agent message, as its `tool_call` and `tool_call_update`s built it up. */
export interface ToolCall {
  id: string;
  title: string;
  kind: ToolKind;
  status: ToolStatus;
  /** The raw input as compact JSON ("" when none). */
  input: string;
  /** What the tool produced: its text content (terminal output included), else its raw output; "" when none. */
  output: string;
  locations: ToolLocation[];
  diffs: ToolDiff[];
  /** MAIA's `_meta.maia.sandboxed`: the call runs inside (true) or outside (false) the OS sandbox; absent: not said. */
  sandboxed?: boolean;
  /** The images the tool returned (a Read of a screenshot), shown as thumbnails (issue 38). */
  images?: MessageImage[];
  /**
   * MAIA's `_meta.maia.background`: the call left a command running in the background (Bash with
   * run_in_background), its ID in the agent's session and whether it still runs (`ChatService.StopBackground`).
   */
  background?: { id: string; running: boolean };
}

/**
 * An image in a message (issue 38): its bytes in base64, shown as a `data:` URL (the page's CSP allows images from
 * the hub and `data:` only). PNG, JPEG, GIF or WebP: anything else an agent sends is left out.
 */
export interface MessageImage {
  mimeType: "image/png" | "image/jpeg" | "image/gif" | "image/webp";
  data: string;
}

export interface PlanEntry {
  content: string;
  priority: "high" | "medium" | "low";
  status: "pending" | "in_progress" | "completed";
}

/**
 * A part of a message: `text` is Markdown (untrusted: rendered safely), `thought` the agent's reasoning, `image`
 * an image as ACP carries it (base64 `data`, its media type, and the `uri` it came from, "" when none): for now the
 * images a user pasted or dropped in the message box.
 */
export type MessagePart =
  | { kind: "text"; text: string }
  | { kind: "thought"; text: string }
  | { kind: "tool"; toolCall: ToolCall }
  | { kind: "plan"; entries: PlanEntry[] }
  | { kind: "image"; image: MessageImage };
export type PartKind = MessagePart["kind"];

export interface ChatMessage {
  id: string;
  agent: string;
  /** ISO 8601. */
  createdAt: string;
  role: MessageRole;
  parts: MessagePart[];
  /** False while an agent message is still arriving; true for every other message. */
  done: boolean;
  /** A user message waiting for the answer in progress to end. */
  queued: boolean;
  /** How an agent message ended; "" while it runs, when it ended with an error, and for other roles. */
  stopReason: StopReason | "";
  /** Why an agent message ended without a stop reason (the agent's own words), why the agent is unavailable,
   * or "cancelled" for a queued message that Cancel dropped; "" otherwise. */
  error: string;
  /** System messages only; "" otherwise. */
  code: SystemCode | "";
}

/** The agent's context window: tokens in use, and its size (0 when the agent gave none). */
export interface Usage {
  used: number;
  size: number;
}

/** A slash command the agent offers (`available_commands_update`). */
export interface AgentCommand {
  name: string;
  description: string;
  /** What to type after the name, when the command takes input; "" otherwise. */
  hint: string;
}

export interface PermissionOption {
  optionId: string;
  name: string;
  kind: "allow_once" | "allow_always" | "reject_once" | "reject_always";
}

/** A pending `session/request_permission`: the `permission:requested` payload, and an entry of `permissions`. */
export interface PermissionRequest {
  id: string;
  agent: string;
  /** The thread whose turn asked (ours: threads are an addition to the seed). */
  thread: string;
  /** The agent message whose turn asked. */
  messageId: string;
  toolCall: ToolCall;
  options: PermissionOption[];
  /** Refusals (reject_once / reject_always) already given in this turn. */
  rejections: number;
}

/** `ChatService.Conversation(agent)`: the agent's current thread. */
export interface Conversation {
  /** The id of the thread these messages are (ours). */
  thread: string;
  messages: ChatMessage[];
  busy: boolean;
  /** How many user messages wait. */
  queued: number;
  usage: Usage;
  commands: AgentCommand[];
  /** Pending permission requests, oldest first. */
  permissions: PermissionRequest[];
}

// ── Threads (ours, docs/hub.md "Threads") ──────────────────────────────────────────────────────────────────

/**
 * One conversation of an agent. Seed 001's "one conversation per agent" is the agent's current thread: every seed
 * service acts on it, and every chat event carries the `thread` it belongs to.
 */
export interface ThreadInfo {
  id: string;
  agent: string;
  /** The name the user gave it, else its first request (first line, cut); "" while it is empty. */
  title: string;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601: the last message added or finished. */
  updatedAt: string;
  messages: number;
  /** The agent answers in this thread. */
  busy: boolean;
  /** A permission request of this thread waits for the user. */
  asking: boolean;
  /** A turn ended here that nobody opened the thread to read since. */
  unread: boolean;
  /** The agent's own ACP session id ("" before the first message). */
  sessionId: string;
}

/** A thread file the hub could not read: named, skipped, never deleted. */
export interface DamagedThread {
  file: string;
  problem: string;
}

/** `ThreadService.List(agent)`: newest activity first. */
export interface ThreadList {
  threads: ThreadInfo[];
  current: string;
  /** Every damaged file of this configuration's threads (whichever agent they were for). */
  damaged: DamagedThread[];
}

/** A session the agent keeps itself (ACP `session/list`), which may be opened as a thread. */
export interface AgentSession {
  sessionId: string;
  title: string;
  /** ISO 8601, or "" when the agent gave none. */
  updatedAt: string;
  cwd: string;
  /** The thread already holding this session, or "". */
  thread: string;
}

/** `ThreadService.Sessions(agent)`: `supported` is false for an agent without `session/list`. */
export interface AgentSessions {
  supported: boolean;
  sessions: AgentSession[];
}

/** Something that waits for the user: a permission request, or a turn that ended unread. */
export interface WaitingEntry {
  agent: string;
  thread: string;
  /** The thread's title ("" for an empty one). */
  title: string;
  reason: "permission" | "unread";
}

// ── The message box (ours) ───────────────────────────────────────────────────────────────────────────────────

/** An image pasted or dropped in the message box: base64 bytes and media type (ACP image content). */
export interface PromptImage {
  mimeType: string;
  data: string;
}

/**
 * `ChatService.SendPrompt(agent, prompt)`: the text, the files of the agent's folder named with `@` (relative
 * paths; each `@path` in the text becomes an ACP resource, embedded when the agent takes embedded context, else a
 * link), and images (ACP image content, refused for an agent that does not take images).
 */
export interface PromptInput {
  text: string;
  files: string[];
  images: PromptImage[];
}

/** What the agent said it accepts in a prompt, from its last `initialize` (`known` false until it has started once). */
export interface PromptCapabilities {
  known: boolean;
  image: boolean;
  audio: boolean;
  embeddedContext: boolean;
  loadSession: boolean;
  listSessions: boolean;
}

/** `FileService.Complete(agent, query)`: a file or folder of the agent's folder, by its relative path. */
export interface FileMatch {
  path: string;
  kind: "file" | "folder";
}

/** An ACP agent found on this machine ("Add agent"): the entry it would get in the configuration. */
export interface DiscoveredAgent {
  /** Which agent this is: "maia", "qwen", "gemini", "opencode", "claude-code", "codex". */
  id: string;
  title: string;
  description: string;
  icon: string;
  command: string;
  args: string[];
  /** Where the command was found ("" when it was not). */
  found: string;
  /** The name of an agent of the configuration that already runs this command with these arguments, or "". */
  configured: string;
}

// ── Events (seed 001, "Événements du Go vers l'interface") ──────────────────────────────────────────────────

export interface HubEvents {
  /** The configuration file was saved or changed on disk and reloaded, valid or not. */
  "config:changed": { path: string; valid: boolean; problems: Problem[] };
  /** An agent changed state, or its definition changed. */
  "agent:state": { agent: string; state: AgentState; error?: string };
  /** An agent wrote a line on its standard error. */
  "agent:log": { agent: string; line: string };
  /** A message was added or finished, or its queued state changed (sent, or dropped by Cancel or Drop). */
  "message:updated": { agent: string; thread: string; message: ChatMessage };
  /**
   * A part of a message changed: `text` is appended to part `index` (text, thought), `part` replaces it (tool,
   * plan). An `index` equal to the number of parts adds the part (starting from `text` for text and thought).
   */
  "message:delta": { agent: string; thread: string; messageId: string; index: number; kind: PartKind; text?: string; part?: MessagePart };
  /** The agent started or stopped answering; `queued` user messages wait. */
  "turn:changed": { agent: string; thread: string; busy: boolean; queued: number };
  "permission:requested": PermissionRequest;
  /** The request was answered, or cancelled (Cancel, the agent withdrew it, or the agent stopped). */
  "permission:resolved": { id: string; agent: string; thread: string };
  "usage:changed": { agent: string; thread: string; usage: Usage };
  /**
   * Ours: a thread of `agent` was created, changed (title, last activity, busy, asking, unread) or deleted
   * (`info` absent); `current` is the agent's current thread after the change.
   */
  "thread:changed": { agent: string; thread: string; info?: ThreadInfo; current: string };
  /** Ours: what waits for the user changed (a permission asked or answered, a turn ended or was read). */
  "waiting:changed": { waiting: WaitingEntry[] };
}

export type HubEventName = keyof HubEvents;

/** Every event name, for the page's EventSource listeners (the `Record` makes the compiler check the list). */
export const HUB_EVENT_NAMES = Object.keys({
  "config:changed": 1,
  "agent:state": 1,
  "agent:log": 1,
  "message:updated": 1,
  "message:delta": 1,
  "turn:changed": 1,
  "permission:requested": 1,
  "permission:resolved": 1,
  "usage:changed": 1,
  "thread:changed": 1,
  "waiting:changed": 1,
} satisfies Record<HubEventName, 1>) as HubEventName[];

// ── Services (seed 001, "Services appelés par l'interface") ─────────────────────────────────────────────────

export interface HubServices {
  AgentService: {
    List(): AgentInfo[];
    Start(name: string): null;
    Stop(name: string): null;
    Restart(name: string): null;
    /** The agent's last 200 stderr lines, oldest first. */
    Logs(name: string): string[];
  };
  ConfigService: {
    Current(): ConfigCurrent;
    Content(): string;
    Validate(text: string): Validation;
    Save(text: string): SaveResult;
    Schema(): Record<string, unknown>;
    /** Stops every agent, forgets conversations, loads and watches `path`, and records it in Recent. */
    Open(path: string): ConfigCurrent;
    /** The configuration files opened from the hub, newest first (8 at most). */
    Recent(): string[];
    /** Lists a folder for the page's file dialog (`Choose()` in the seed: the dialog ends in `Open(path)`). */
    Browse(folder: string): BrowseResult;
    /** Ours: the ACP agents found on this machine ("Add agent", which writes the entry with `Save`). */
    Discover(): DiscoveredAgent[];
  };
  ChatService: {
    /** Adds a user message and returns its id; starts the agent if needed; queues it while the agent answers. */
    Send(agent: string, text: string): string;
    /** Stops the answer in progress, answers pending permission requests `cancelled`, drops queued messages. */
    Cancel(agent: string): null;
    /** Answers a pending permission request with one of its options. */
    AnswerPermission(id: string, optionId: string): null;
    Conversation(agent: string): Conversation;
    /** Our addition: drops one queued message (it stays, `error: "cancelled"`); an error if it is not queued. */
    Drop(agent: string, messageId: string): null;
    /** Ours: `Send` with files named with `@` and images (see `PromptInput`); the user message's id. */
    SendPrompt(agent: string, prompt: PromptInput): string;
    /** Ours: what the agent accepts in a prompt (from its last start). */
    Capabilities(agent: string): PromptCapabilities;
    /**
     * Ours: stops the background command a tool call of the agent's current thread left running (MAIA's
     * `_maia/background/kill`); an error if it runs no more or the agent is not running.
     */
    StopBackground(agent: string, toolCallId: string): null;
  };
  /** Ours: the threads of each agent (docs/hub.md, "Threads"). */
  ThreadService: {
    List(agent: string): ThreadList;
    /** A new empty thread, made current (the current one when it is still empty). */
    New(agent: string): ThreadInfo;
    /** Makes the thread current and marks it read. */
    Open(agent: string, threadId: string): ThreadInfo;
    Rename(agent: string, threadId: string, title: string): ThreadInfo;
    /** Stops its turn if it runs, then deletes it; the agent's own session is left to the agent. */
    Delete(agent: string, threadId: string): null;
    /** The agent's own saved sessions (ACP `session/list`), in its folder. */
    Sessions(agent: string): AgentSessions;
    /** Opens one of the agent's sessions as a thread (ACP `session/load`: the agent replays its history). */
    Import(agent: string, sessionId: string): ThreadInfo;
    /** What waits for the user, across agents. */
    Waiting(): WaitingEntry[];
  };
  /** Ours: the files of an agent's folder, for `@` in the message box. */
  FileService: {
    /** Up to 50 files and folders of the agent's folder whose path matches `query`, best first. */
    Complete(agent: string, query: string): FileMatch[];
  };
}

export type ServiceName = keyof HubServices;
export type MethodName<S extends ServiceName> = keyof HubServices[S] & string;
type Method<S extends ServiceName, M extends MethodName<S>> = HubServices[S][M] extends (...args: infer A) => infer R
  ? { args: A; result: R }
  : never;
export type MethodArgs<S extends ServiceName, M extends MethodName<S>> = Method<S, M>["args"];
export type MethodResult<S extends ServiceName, M extends MethodName<S>> = Method<S, M>["result"];

/** What the server implements: every method of every service, asynchronously. */
export type ServiceImplementations = {
  [S in ServiceName]: {
    [M in MethodName<S>]: (...args: MethodArgs<S, M>) => Promise<MethodResult<S, M>> | MethodResult<S, M>;
  };
};

const string = { type: "string" } as const;
/** A `PromptInput`: at most 100 files and 10 images (4 MiB bodies cap their size anyway). */
const promptInput = {
  type: "object",
  required: ["text", "files", "images"],
  additionalProperties: false,
  properties: {
    text: string,
    files: { type: "array", maxItems: 100, items: { type: "string", minLength: 1, maxLength: 4096 } },
    images: {
      type: "array",
      maxItems: 10,
      items: {
        type: "object",
        required: ["mimeType", "data"],
        additionalProperties: false,
        properties: { mimeType: { type: "string", pattern: "^image/[a-z0-9.+-]+$" }, data: { type: "string", minLength: 1 } },
      },
    },
  },
} as const;

/**
 * The JSON Schema of each method's argument array, checked by the server before the method runs (the body of
 * a request is untrusted). The `Record` types make the compiler insist on one entry per method.
 */
export const SERVICE_ARGUMENTS: { [S in ServiceName]: Record<MethodName<S>, readonly object[]> } = {
  AgentService: { List: [], Start: [string], Stop: [string], Restart: [string], Logs: [string] },
  ConfigService: {
    Current: [],
    Content: [],
    Validate: [string],
    Save: [string],
    Schema: [],
    Open: [string],
    Recent: [],
    Browse: [string],
    Discover: [],
  },
  ChatService: {
    Send: [string, string],
    Cancel: [string],
    AnswerPermission: [string, string],
    Conversation: [string],
    Drop: [string, string],
    SendPrompt: [string, promptInput],
    Capabilities: [string],
    StopBackground: [string, { type: "string", minLength: 1 }],
  },
  ThreadService: {
    List: [string],
    New: [string],
    Open: [string, string],
    Rename: [string, string, { type: "string", maxLength: 200 }],
    Delete: [string, string],
    Sessions: [string],
    Import: [string, { type: "string", minLength: 1 }],
    Waiting: [],
  },
  FileService: { Complete: [string, { type: "string", maxLength: 1024 }] },
};

/** The answer of every service call. */
export type ServiceAnswer<T> = { result: T } | { error: string };
