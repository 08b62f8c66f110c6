import type { Conversation } from "@maia/kernel";
import type { InkUI } from "../ui/ink-ui.ts";
import type { HelpBlock } from "../ui/log-entry.ts";
import type { ExitControl } from "./exit-control.ts";
import { t } from "./messages.ts";
import { modelName, pickModel } from "./model-picker.ts";
import { peer, type LiteLLMPeer, type PermissionsPeer, type SkillsPeer } from "./peers.ts";

export interface BuiltinContext {
  conversation: Conversation;
  ui: InkUI;
  exit: ExitControl;
  /** The signal of the input being handled (Ctrl+C). */
  signal(): AbortSignal;
}

type Builtin = { name: string; describe: () => string; run: (args: string) => Promise<void> };

/**
 * The front end's own slash commands (seed § 5.6): /help, /permissions, /model, /clear, /exit. The others
 * (/compact, /rename, /load, /new…) come from plugins and run through dispatchInput.
 */
export function builtinCommands(context: BuiltinContext): Builtin[] {
  const { conversation, ui, exit } = context;
  const kernel = conversation.kernel;
  return [
    {
      name: "help",
      describe: () => t("describeHelp"),
      run: async () => ui.showHelp(await helpBlock(context)),
    },
    {
      name: "permissions",
      describe: () => t("describePermissions"),
      run: async () => {
        const permissions = peer<PermissionsPeer>(kernel, "permissions");
        if (!permissions) return ui.showPermissions({ files: [], note: t("noPermissionsPlugin") });
        const view = permissions.view();
        ui.showPermissions({ files: view.files, ...(view.empty ? { note: t("noRules") } : {}) });
      },
    },
    {
      name: "model",
      describe: () => t("describeModel"),
      run: async () => {
        const current = conversation.current;
        const chosen = await pickModel(ui, peer<LiteLLMPeer>(kernel, "litellm"), current.setup.model, context.signal());
        if (chosen === undefined) return;
        if (modelName(chosen) === modelName(current.setup.model)) return ui.info(t("modelUnchanged", { model: modelName(chosen) }));
        // Seed § 5.6: the conversation is kept; the context plugin asks the new model its size on session start.
        await conversation.restart({
          reason: "model",
          model: chosen,
          messages: current.messages,
          pendingContext: current.pendingContext,
          ...(current.startContext === undefined ? {} : { startContext: current.startContext }),
        });
        ui.info(t("modelChanged", { model: modelName(chosen) }));
      },
    },
    {
      name: "clear",
      describe: () => t("describeClear"),
      run: async () => {
        await conversation.restart({ reason: "clear" });
        ui.info(t("cleared"));
      },
    },
    {
      name: "exit",
      describe: () => t("describeExit"),
      run: async () => exit.request(0),
    },
  ];
}

export function builtinMap(builtins: Builtin[]): Map<string, (args: string) => Promise<void>> {
  return new Map(builtins.map((builtin) => [builtin.name, builtin.run]));
}

/** /help: every command (ours, then the plugins'), the input prefixes, the skills and the keys. */
async function helpBlock(context: BuiltinContext): Promise<HelpBlock> {
  const kernel = context.conversation.kernel;
  const registry = kernel.plugins;
  const commands = [
    ...builtinCommands(context).map((builtin) => ({ name: `/${builtin.name}`, description: builtin.describe() })),
    ...registry.commands
      .list()
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((command) => ({ name: `/${command.name}${command.usage ? ` ${command.usage}` : ""}`, description: command.description })),
  ];
  const prefixes = registry.prefixes
    .list()
    .sort((a, b) => a.order - b.order)
    .map((prefix) => ({ name: prefix.prefix, description: prefix.description }));
  const skillsApi = peer<SkillsPeer>(kernel, "skills");
  const skills = typeof skillsApi?.skillsOf === "function" ? await skillsApi.skillsOf(context.conversation.current.setup).catch(() => []) : [];
  const groups: HelpBlock["groups"] = [{ title: t("helpCommands"), items: commands }];
  if (prefixes.length > 0) groups.push({ title: t("helpPrefixes"), items: prefixes });
  if (registry.get("skills")) {
    groups.push({
      title: t("helpSkills"),
      items: skills.length > 0 ? skills.map((skill) => ({ name: `§${skill.name}`, description: skill.description })) : [{ name: "", description: t("helpNoSkills") }],
    });
  }
  groups.push({
    title: t("helpKeys"),
    items: [t("helpKeysInput"), t("helpKeysQuit"), t("helpKeysTurn")].map((description) => ({ name: "", description })),
  });
  return { groups };
}
