import { SCHEMA_FILE_NAME } from "./hub-schema.ts";

/** How the hub launches the MAIA it runs in, as an agent: `process.execPath` and `[<maia.js>, "acp"]`. */
export interface MaiaCommand {
  command: string;
  args: string[];
}

/**
 * The text of a new `~/.maia/hub.json`: one agent, this same MAIA in ACP mode, and comments that explain every
 * field, so the file teaches itself to whoever opens it. `$schema` names the schema the hub writes beside it
 * (editors outside the hub complete and check from it); inside the hub the file is checked against the
 * built-in schema whatever `$schema` says. The comments stay English: the file is shared, copied, pasted into
 * issues; the page shows every field's description in the user's language.
 */
export function defaultConfigText(maia: MaiaCommand): string {
  const json = (value: unknown) => JSON.stringify(value);
  return `// MAIA hub configuration: the agents \`maia hub\` supervises. JSON with comments and trailing commas.
// Saved from the hub's Settings view or from any editor, the file is checked and reloaded at once; while it
// has a problem, the last valid configuration stays in force.
{
  "$schema": ${json(`./${SCHEMA_FILE_NAME}`)},

  // The agents, in the order the Agents panel shows them. Each one is a program that speaks the Agent Client
  // Protocol on its standard input and output: another MAIA (maia acp), a third-party ACP agent, or a remote
  // one ("command": "ssh", "args": ["host", "maia", "acp"]).
  "agents": [
    {
      // name (required, unique): lower-case letters, digits, ".", "_" and "-".
      "name": "maia",
      // title, icon (an emoji, or the path to an image) and description: what the Agents panel shows.
      "title": "MAIA",
      "icon": "🤖",
      "description": "This MAIA, in ACP mode",
      // command (required) and args: the program and its arguments, without a shell. A bare name is looked
      // up on PATH; a relative path is relative to the agent's working folder.
      "command": ${json(maia.command)},
      "args": ${json(maia.args)},
      // env: variables added to the hub's environment; \${VAR} is replaced by the hub's VAR.
      "env": {},
      // cwd: the working folder (default: the folder maia hub was started in); a relative path is
      // relative to this file's folder.
    },
  ],

  "limits": {
    // At most this many agents run at once (default 4): starting one more stops the idle agent used
    // least recently; when all of them are busy, the start is refused.
    "maxRunningAgents": 4,
    // An agent idle for this many seconds is stopped (default 900, 15 minutes); 0 = never.
    "stopIdleAgentsAfter": 900,
  },

  // The page's colours: "system", "light" or "dark".
  "theme": "system",
  // The page's language: "system" (the browser's), "en" or "fr".
  "language": "system",
}
`;
}
