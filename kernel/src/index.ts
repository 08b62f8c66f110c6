/**
 * @maia/kernel — the public API. Plugins need only `definePlugin`, `STAGE`, `PROMPT_ORDER`, `hookSpec` (for hooks of
 * their own) and the types; the whole hook surface is contracts/hooks.ts. Front ends use `Kernel`.
 */
export type * from "./contracts/messages.ts";
export type * from "./contracts/provider.ts";
export type * from "./contracts/tool.ts";
export type * from "./contracts/session.ts";
export type * from "./contracts/commands.ts";
export type * from "./contracts/interaction.ts";
export type * from "./contracts/hooks.ts";
export type { DoctorEntry, DoctorIgnored, DoctorPlace, DoctorReporter } from "./contracts/doctor.ts";
export { isDoctorReporter } from "./contracts/doctor.ts";
export type { AgentEvent, AgentEventListener, ToolStatus } from "./contracts/events.ts";
export { AgentEvents } from "./contracts/events.ts";
export { NO_INTERACTION } from "./contracts/interaction.ts";
export { imageReference, imageStandIn, textOf } from "./contracts/messages.ts";
export { ProviderError } from "./contracts/provider.ts";
export { PROMPT_ORDER } from "./contracts/session.ts";
export { ERROR_CODES, MaiaError, errorMessage, isAbortError, type ErrorCode } from "@maia/util/maia-error";
export { HOOK_SPECS, hookSpec, STAGE } from "./contracts/hooks.ts";
export type { HookTable, HooksOf, TapableOf } from "./hooks/hooks.ts";
export type { OwnedHooks, OwnedHookSpecs, OwnedHookTaps, PluginHooks, PluginTriggers, TapOptions } from "./hooks/instrumented-hooks.ts";
// Plugins declare their strings with the kernel's one import; the catalogue itself lives in @maia/util.
export { defineMessages, activeLocale, setActiveLocale, resolveLocale, type Locale, type MessageTemplate, type Translate } from "@maia/util/i18n";
export { Kernel, type KernelOptions } from "./kernel.ts";
export { joinPromptSections } from "./loop/create-session.ts";
export { Conversation, MAX_CONTINUATIONS, type ConversationOptions } from "./host/conversation.ts";
export { MAX_ITERATIONS, type RunTurnOptions } from "./loop/run-turn.ts";
export { MAX_PARALLEL_TOOLS } from "./loop/tool-runner.ts";
export { callDisplay, type CallDisplay } from "./loop/call-display.ts";
export {
  definePlugin,
  type MaiaPlugin,
  type PluginContext,
  type PluginHandle,
  type LogOrigin,
  type PluginLogger,
  type Registrar,
  type RuntimeInfo,
} from "./plugins/define-plugin.ts";
export { checkPluginModule, type PluginCheck } from "./plugins/check-plugin.ts";
export {
  KERNEL_VERSION,
  POLICY_PLUGIN,
  type LoadOptions,
  type LogCounts,
  type PluginCandidate,
  type PluginRecord,
  type PluginSource,
  type PluginStage,
} from "./plugins/plugin-host.ts";
export { stricter } from "./permissions/verdict.ts";
// Plugins validate their files with MAIA's one ajv, and their generated validators call its runtime helpers.
export { ajvRuntime, describeErrors, precompiled, validatorFor, type Validator } from "@maia/util/validation";
