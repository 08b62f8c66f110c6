// The public types of @maia/fake-litellm. They live apart from the server so that
// the pure chunk builder and the server can share them without importing each other.

/** Token usage as OpenAI/LiteLLM report it. Missing counts are filled with rough defaults. */
export interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number };
}

export interface FakeToolCall {
  /** Defaults to a stable id derived from the request number and the call position. */
  id?: string;
  name: string;
  /** An object is sent as its JSON text. */
  arguments: string | object;
  /** How many `function.arguments` fragments the call is cut into (default 3, at least 1). */
  fragments?: number;
  /** The `index` OpenAI puts on every fragment (default: position in `toolCalls`). */
  index?: number;
}

/** A normal streamed answer: text chunks, tool call fragments, finish, usage, [DONE]. */
export interface ScriptedStream {
  /** One string: cut into ~8 character chunks. An array: one chunk per string, as given. */
  text?: string | string[];
  toolCalls?: FakeToolCall[];
  /** Default "tool_calls" when there are tool calls, else "stop". */
  finishReason?: string;
  /** `false` sends no usage chunk; an object overrides the computed counts. */
  usage?: Usage | false;
  reasoningTokens?: number;
  /** Pause between two SSE events. */
  chunkDelayMs?: number;
  /**
   * Event i is sent `chunkDelayMs × i` after the first, a late timer catching up at once, instead of `chunkDelayMs`
   * after the previous event: a fixed pace on a busy machine (benchmarks).
   */
  steadyPace?: boolean;
  /** Called as each SSE event has been written (index from 0, of `count`): a benchmark times what follows one. */
  onWritten?: (index: number, count: number) => void;
  /** `false` leaves out the final `data: [DONE]`. */
  done?: boolean;
}

/** Bytes written exactly as given, for hostile SSE; `{ delayMs }` pauses in between. */
export interface ScriptedRaw {
  raw: Array<string | Uint8Array | { delayMs: number }>;
  /** Default 200. */
  status?: number;
  /** Default content-type is text/event-stream. */
  headers?: Record<string, string>;
}

/** A non-2xx answer, e.g. `{ error: { status: 429, headers: { "Retry-After": "1" } } }`. */
export interface ScriptedError {
  error: {
    status: number;
    /** A string is sent as is; an object as JSON. Default: an OpenAI-style error object. */
    body?: string | object;
    headers?: Record<string, string>;
  };
}

/** Headers (and the optional text chunk), then silence until the client aborts or the server closes. */
export interface ScriptedHang {
  hang: true;
  text?: string;
}

/** The socket is destroyed before any byte of the answer. */
export interface ScriptedReset {
  reset: true;
}

/** A request body of POST /v1/chat/completions, loosely typed: tests read what they need. */
export interface ChatBody {
  model?: string;
  messages?: Array<{ role: string; content?: unknown; [key: string]: unknown }>;
  stream?: boolean;
  tools?: unknown[];
  [key: string]: unknown;
}

/** Decides the answer when the request arrives; `index` is the 0-based number of the chat request. */
export type ScriptedFunction = (body: ChatBody, index: number) => Scripted | Promise<Scripted>;

export type Scripted =
  | ScriptedStream
  | ScriptedRaw
  | ScriptedError
  | ScriptedHang
  | ScriptedReset
  | ScriptedFunction;

export interface ModelInfo {
  max_input_tokens?: number;
  max_output_tokens?: number;
  /** Whether the model takes images; reported as null when absent, as LiteLLM does for models it does not know. */
  supports_vision?: boolean;
}

/** One `image_url` part of a chat request, read back from its data URI. */
export interface ReceivedImage {
  /** Which chat request (0-based), which message of it, and its role. */
  request: number;
  message: number;
  role: string;
  /** The media type the data URI names, e.g. "image/png". */
  mediaType: string;
  /** The decoded bytes. */
  bytes: Buffer;
  /** The text parts of the same message, joined: what the image was sent with. */
  text: string;
}

export interface FakeLiteLLMOptions {
  /** GET /v1/models lists these (default ["fake-model"]). */
  models?: string[];
  /** GET /model/info reports these limits (null where unknown, as LiteLLM does). */
  modelInfo?: Record<string, ModelInfo>;
  /** The initial queue of answers for POST /v1/chat/completions. */
  script?: Scripted[];
  /** When set, requests without "Authorization: Bearer <key>" get 401. */
  apiKey?: string;
  /** Default 0: the OS picks a free port. */
  port?: number;
}

export interface RecordedRequest {
  method: string;
  /** The request target as sent, e.g. "/v1/chat/completions". */
  path: string;
  /** Lower-case names; repeated headers are joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** The parsed body when it is valid JSON. */
  json?: unknown;
  /** Date.now() when the whole body had arrived. */
  at: number;
}

export interface FakeLiteLLM {
  /** "http://127.0.0.1:PORT", no trailing slash. */
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  enqueue(...answers: Scripted[]): void;
  chatBodies(): ChatBody[];
  /**
   * The `image_url` parts of the chat requests, in order, decoded. Throws when a part is not an OpenAI image part
   * with a base64 data URI (`data:<type>;base64,<data>`), naming the request and the message: a test that looks at
   * images fails on a malformed one.
   */
  imageParts(): ReceivedImage[];
  pending(): number;
  writeSettings(homeDir: string, extra?: Record<string, unknown>): string;
  close(): Promise<void>;
}
