import type { AgentSession, SlashCommand } from "@maia/kernel";
import type { McpConnection, RemotePrompt } from "./connection.ts";
import { t } from "./messages.ts";
import { mcpToolName } from "./tool-names.ts";

/** `/mcp__<key>__<prompt>`: the name a server's prompt takes as a slash command. */
export function promptCommandName(key: string, prompt: string): string {
  // The same cleaning as tool names: what the user types is what the list shows.
  return mcpToolName(key, prompt);
}

/**
 * A prompt's arguments from the text after the command: `name=value` pairs (a value in double quotes may hold
 * spaces), or bare words given to the declared arguments in order. Unknown names and missing required ones are
 * reported, never sent.
 */
export function parsePromptArguments(text: string, prompt: RemotePrompt): { values: Record<string, string> } | { problem: string } {
  const words = [...text.matchAll(/(?:([A-Za-z0-9_.-]+)=)?(?:"((?:[^"\\]|\\.)*)"|(\S+))/g)];
  const values: Record<string, string> = {};
  const declared = prompt.arguments.map((argument) => argument.name);
  let position = 0;
  for (const word of words) {
    const value = word[2] === undefined ? (word[3] ?? "") : word[2].replace(/\\(.)/g, "$1");
    const named = word[1];
    if (named !== undefined) {
      if (!declared.includes(named)) return { problem: t("promptUnknownArgument", { name: named, known: declared.join(", ") || t("none") }) };
      values[named] = value;
      continue;
    }
    while (position < declared.length && values[declared[position] ?? ""] !== undefined) position += 1;
    const target = declared[position];
    if (target === undefined) return { problem: t("promptTooManyArguments", { count: declared.length }) };
    values[target] = value;
    position += 1;
  }
  const missing = prompt.arguments.filter((argument) => argument.required && values[argument.name] === undefined).map((argument) => argument.name);
  if (missing.length > 0) return { problem: t("promptMissingArguments", { names: missing.join(", ") }) };
  return { values };
}

export function promptUsage(prompt: RemotePrompt): string {
  return prompt.arguments.map((argument) => (argument.required ? `<${argument.name}>` : `[${argument.name}]`)).join(" ");
}

/**
 * The slash command of one prompt. Registered once for the whole run (the command table is not per session);
 * it finds the prompt in the session it runs in, so a server gone or a prompt withdrawn says so.
 */
export function promptCommand(
  key: string,
  prompt: RemotePrompt,
  find: (session: AgentSession, key: string) => McpConnection | undefined,
): SlashCommand {
  return {
    name: promptCommandName(key, prompt.name),
    description: prompt.description ?? t("promptDescription", { key, name: prompt.name }),
    usage: promptUsage(prompt),
    async run(context) {
      const connection = find(context.session, key);
      const current = connection?.prompts.find((candidate) => candidate.name === prompt.name);
      if (!connection || !current) {
        context.output.error(t("promptUnavailable", { key, name: prompt.name }));
        return;
      }
      const parsed = parsePromptArguments(context.args, current);
      if ("problem" in parsed) {
        context.output.error(`${parsed.problem} (${t("promptUsageLine", { command: promptCommandName(key, current.name), usage: promptUsage(current) })})`);
        return;
      }
      let text: string;
      try {
        text = await connection.getPrompt(current.name, parsed.values, context.signal);
      } catch (error) {
        context.output.error(t("promptFailed", { key, name: current.name, cause: error instanceof Error ? error.message : String(error) }));
        return;
      }
      if (text.trim() === "") {
        context.output.error(t("promptEmpty", { key, name: current.name }));
        return;
      }
      await context.submit(text);
    },
  };
}
