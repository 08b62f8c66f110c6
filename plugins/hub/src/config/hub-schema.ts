import { DEFAULT_LANGUAGE, DEFAULT_LIMITS, DEFAULT_THEME } from "./hub-config.ts";

/**
 * The published JSON Schema (draft-07) of `hub.json`: what `ConfigService.Schema()` returns, what the page's
 * editor completes and documents from (a `title` and a `description` on every property), and what the hub
 * validates with. Unknown keys are refused here (`additionalProperties: false`) so that editors underline
 * them, but the hub reports them as warnings, with a "did you mean", and the file stays valid: a typo in an
 * optional field must not cost the user their agents.
 *
 * What a schema cannot say is checked beside it (validate-config.ts): unique names, `${VAR}` defined, a
 * channel's agent that exists, a command found on PATH.
 */

/** An agent's or a channel's name: it appears in URLs (`/api/icon/<name>`) and in messages. */
export const NAME_PATTERN = "^[a-z0-9][a-z0-9._-]*$";
/** A channel's token is never written in the file: only the environment variable that holds it. */
export const TOKEN_PATTERN = "^\\$\\{[A-Za-z_][A-Za-z0-9_]*\\}$";
/** A NUL character cannot reach a process (spawn refuses it): refused in the file rather than at start. */
export const NO_NUL_PATTERN = "^[^\\u0000]*$";
/** An environment variable's name: not empty, no `=` (it would end the name), no NUL. */
export const ENV_NAME_PATTERN = "^[^=\\u0000]+$";
export const NAME_MAX_LENGTH = 64;
/** More agents than a hub can usefully show; the bound also keeps validation of a hostile file quick. */
export const MAX_AGENTS = 100;
export const MAX_CHANNELS = 100;
/** Seconds: what a timer can wait (2^31 - 1 ms), so that no part of the hub has to care about a longer delay; 0 means never. */
export const MAX_IDLE_SECONDS = 2_147_483;

/** The file name under which the schema is written beside `~/.maia/hub.json`, for editors outside the hub. */
export const SCHEMA_FILE_NAME = "hub.schema.json";

const noNulString = (title: string, description: string) =>
  ({ type: "string", pattern: NO_NUL_PATTERN, title, description }) as const;

const AGENT_SCHEMA = {
  type: "object",
  title: "Agent",
  description: "An Agent Client Protocol agent the hub can start: a program that speaks ACP on its standard input and output.",
  required: ["name", "command"],
  additionalProperties: false,
  properties: {
    name: {
      type: "string",
      pattern: NAME_PATTERN,
      maxLength: NAME_MAX_LENGTH,
      title: "Name",
      description:
        "Identifies the agent (unique): lower-case letters, digits, '.', '_' and '-', starting with a letter or a digit.",
    },
    title: { type: "string", title: "Title", description: "The name shown in the Agents panel (default: the name)." },
    icon: {
      type: "string",
      title: "Icon",
      description:
        "An emoji, or the path to an image (.png, .svg, .jpg, .gif, .webp, .ico; relative to this file's folder, ~/ for your home folder).",
    },
    description: { type: "string", title: "Description", description: "One line shown under the title." },
    command: {
      type: "string",
      minLength: 1,
      pattern: NO_NUL_PATTERN,
      title: "Command",
      description:
        "The program to start: a name looked up on PATH (\"maia\", \"ssh\", \"docker\"), or a path (absolute, ~/…, or relative to the agent's working folder).",
    },
    args: {
      type: "array",
      items: noNulString("Argument", "One argument, passed as it is (no shell)."),
      title: "Arguments",
      description: "The command's arguments, each passed as it is: no shell, no quoting.",
    },
    env: {
      type: "object",
      propertyNames: { pattern: ENV_NAME_PATTERN },
      additionalProperties: noNulString("Value", "The variable's value; ${VAR} is replaced by the hub's VAR."),
      title: "Environment",
      description:
        "Variables added to the hub's environment for this agent; ${VAR} in a value is replaced by the hub's VAR (an undefined VAR is an error).",
    },
    cwd: {
      type: "string",
      minLength: 1,
      pattern: NO_NUL_PATTERN,
      title: "Working folder",
      description:
        "The agent's working folder (default: the folder `maia hub` was started in); a relative path is relative to this file's folder, ~/ is your home folder.",
    },
  },
} as const;

const CHANNEL_SCHEMA = {
  type: "object",
  title: "Channel",
  description: "A door for scripts and bots to one agent's conversation.",
  required: ["name", "agent", "token"],
  additionalProperties: false,
  properties: {
    name: {
      type: "string",
      pattern: NAME_PATTERN,
      maxLength: NAME_MAX_LENGTH,
      title: "Name",
      description: "Identifies the channel (unique): lower-case letters, digits, '.', '_' and '-'.",
    },
    agent: { type: "string", title: "Agent", description: "The name of the agent the channel talks to." },
    token: {
      type: "string",
      pattern: TOKEN_PATTERN,
      title: "Token",
      description:
        "The secret a client presents, written as ${ENV_VAR}: the name of an environment variable of the hub that holds it, never the token itself.",
    },
  },
} as const;

export const HUB_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "MAIA hub configuration (hub.json)",
  description: "The agents `maia hub` supervises, its limits and its appearance. Comments and trailing commas are allowed.",
  type: "object",
  additionalProperties: false,
  properties: {
    $schema: {
      type: "string",
      title: "Schema",
      description: "The JSON Schema of this file, for editors; the hub always checks the file against its own.",
    },
    agents: {
      type: "array",
      maxItems: MAX_AGENTS,
      items: AGENT_SCHEMA,
      title: "Agents",
      description: "The agents, in the order the Agents panel shows them.",
    },
    limits: {
      type: "object",
      additionalProperties: false,
      title: "Limits",
      description: "How many agents run at once, and when idle ones are stopped.",
      properties: {
        maxRunningAgents: {
          type: "integer",
          minimum: 1,
          default: DEFAULT_LIMITS.maxRunningAgents,
          title: "Maximum running agents",
          description:
            "At most this many agents run at once; starting one more stops the idle agent used least recently (default 4).",
        },
        stopIdleAgentsAfter: {
          type: "integer",
          minimum: 0,
          maximum: MAX_IDLE_SECONDS,
          default: DEFAULT_LIMITS.stopIdleAgentsAfter,
          title: "Stop idle agents after (seconds)",
          description:
            "An agent idle (ready) for this many seconds is stopped; 0 = never (default 900, 15 minutes; at most 2147483, about 24 days).",
        },
      },
    },
    theme: {
      enum: ["system", "light", "dark"],
      default: DEFAULT_THEME,
      title: "Theme",
      description: "The page's colours: those of the system, light or dark (default system).",
    },
    language: {
      enum: ["system", "en", "fr"],
      default: DEFAULT_LANGUAGE,
      title: "Language",
      description: "The page's language: the browser's, English or French (default system).",
    },
    channels: {
      type: "array",
      maxItems: MAX_CHANNELS,
      items: CHANNEL_SCHEMA,
      title: "Channels",
      description: "Doors for scripts and bots to an agent's conversation (used from the next version of the hub).",
    },
  },
} as const;

/** The known keys at each level, for "did you mean" hints, by the JSON pointer of the object's schema. */
export const KNOWN_KEYS = {
  root: Object.keys(HUB_SCHEMA.properties),
  agent: Object.keys(AGENT_SCHEMA.properties),
  limits: Object.keys(HUB_SCHEMA.properties.limits.properties),
  channel: Object.keys(CHANNEL_SCHEMA.properties),
} as const;
