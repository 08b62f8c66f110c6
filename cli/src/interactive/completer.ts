import type { Conversation, SessionSetup } from "@maia/kernel";
import type { BuiltinToolsApi } from "@maia/plugin-builtin-tools";
import type { Completer, CompletionItem } from "../ui/completion/completion-item.ts";
import { PathIndex } from "../ui/completion/path-index.ts";
import { rankNamed } from "../ui/completion/rank.ts";
import { referenceItems } from "../ui/completion/reference-sources.ts";
import type { Trigger } from "../ui/completion/trigger.ts";
import { peer, type AgentsPeer, type SkillsPeer } from "./peers.ts";

export interface CompleterOptions {
  conversation: Conversation;
  /** The front end's own commands, with their one-line help. */
  builtins: ReadonlyArray<{ name: string; describe: () => string }>;
  /** Data came in the background (the launch folder's listing, the skills): the list is computed again. */
  updated: () => void;
}

const LIMIT = 50;

/**
 * What the interactive input box completes, from the plugins through their APIs: `/` the front end's commands
 * and every plugin's (custom commands included), `§` the skills, `&` the agents, `@` the launch folder's paths as
 * the builtin tools' Glob lists them (`.gitignore` honoured) and the references plugins offer (`@server:uri`).
 * Everything is answered from caches filled in the
 * background, so a key never waits for the disk.
 */
export function interactiveCompleter(options: CompleterOptions): Completer & { close(): void } {
  const { conversation } = options;
  const kernel = conversation.kernel;
  const tools = peer<Pick<BuiltinToolsApi, "listFiles">>(kernel, "builtin-tools");
  const cwd = conversation.current.cwd;
  const paths =
    typeof tools?.listFiles === "function"
      ? new PathIndex({ list: (visit, signal) => tools.listFiles(cwd, visit, signal), updated: options.updated })
      : undefined;
  // The first listing starts now, in slices that leave the event loop to the keyboard.
  void paths?.refresh();

  const named = cachedPerSession(conversation, options.updated);
  const skills = named(async (setup) => {
    const api = peer<SkillsPeer>(kernel, "skills");
    return typeof api?.skillsOf === "function" ? (await api.skillsOf(setup)).map((skill) => ({ value: skill.name, hint: oneLine(skill.description) })) : [];
  });
  const agents = named(async (setup) => {
    const api = peer<AgentsPeer>(kernel, "subagents");
    return typeof api?.agentsOf === "function" ? (await api.agentsOf(setup)).map((agent) => ({ value: agent.name, hint: oneLine(agent.description) })) : [];
  });

  const commands = (): CompletionItem[] => {
    const fromPlugins = kernel.plugins.commands
      .list()
      .map((command) => ({ value: command.name, hint: oneLine(command.usage ? `${command.usage} — ${command.description}` : command.description) }));
    const own = options.builtins.map((builtin) => ({ value: builtin.name, hint: oneLine(builtin.describe()) }));
    return [...own, ...fromPlugins.sort((a, b) => a.value.localeCompare(b.value, "en"))];
  };

  return {
    items(trigger: Trigger): readonly CompletionItem[] {
      switch (trigger.kind) {
        case "path": {
          // The plugins' own references (`@server:uri`) first: a short query matches many paths.
          const references = referenceItems(kernel, conversation.current, trigger.query, LIMIT);
          const found = paths?.rank(trigger.query, LIMIT) ?? [];
          return references.length === 0 ? found : [...references, ...found].slice(0, LIMIT);
        }
        case "command":
          return rankNamed(commands(), trigger.query, LIMIT);
        case "skill":
          return rankNamed(skills(), trigger.query, LIMIT);
        case "agent":
          return rankNamed(agents(), trigger.query, LIMIT);
      }
    },
    close: () => paths?.close(),
  };
}

/** A list read once per session (skills and agents are read when a session is built), filled in the background. */
function cachedPerSession(conversation: Conversation, updated: () => void) {
  return (load: (setup: SessionSetup) => Promise<CompletionItem[]>) => {
    let setup: SessionSetup | undefined;
    let items: CompletionItem[] = [];
    return (): CompletionItem[] => {
      const current = conversation.current.setup;
      if (setup !== current) {
        setup = current;
        load(current).then(
          (loaded) => {
            if (setup !== current) return;
            items = loaded;
            updated();
          },
          () => undefined,
        );
      }
      return items;
    };
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
