/**
 * @maia/kernel — the public API. Plugins need only `definePlugin`, `STAGE`, `PROMPT_ORDER` and the types;
 * front ends use `Kernel`.
 */
export type * from "./contracts/messages.ts";
export type * from "./contracts/provider.ts";
export type * from "./contracts/tool.ts";
export type * from "./contracts/session.ts";
export type * from "./contracts/commands.ts";
export type * from "./contracts/interaction.ts";
export type { DoctorEntry, DoctorIgnored, DoctorPlace, DoctorReporter } from "./contracts/doctor.ts";
export { isDoctorReporter } from "./contracts/doctor.ts";
export type { AgentEvent, AgentEventListener, ToolStatus } from "./contracts/events.ts";
export { AgentEvents } from "./contracts/events.ts";
export { NO_INTERACTION } from "./contracts/interaction.ts";
export { imageReference, imageStandIn, textOf } from "./contracts/messages.ts";
export { ProviderError } from "./contracts/provider.ts";
export { PROMPT_ORDER } from "./contracts/session.ts";
export { ERROR_CODES, MaiaError, errorMessage, isAbortError, type ErrorCode } from "./errors.ts";
export { STAGE, HOOK_DEADLINES_MS, HOOK_KINDS, type HookName, type HookTable } from "./hooks/hooks.ts";
export type { PluginHooks, TapOptions, TapStats } from "./hooks/instrumented-hooks.ts";
export { definePluginHooks, type OwnedHookTaps, type PluginHookOptions, type PluginHookSet } from "./hooks/plugin-hooks.ts";
// Plugins declare their strings with the kernel's one import; the catalogue itself lives in @maia/util.
export { defineMessages, activeLocale, setActiveLocale, resolveLocale, type Locale, type MessageTemplate, type Translate } from "@maia/util/i18n";
export { Kernel, type KernelOptions } from "./kernel.ts";
export { Conversation, MAX_CONTINUATIONS, type ConversationOptions } from "./host/conversation.ts";
export { dispatchInput, type DispatchOptions, type DispatchResult } from "./host/dispatch-input.ts";
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
  type PluginTriggers,
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
export { describeErrors, precompiled, validatorFor, type Validator } from "./validation/validator.ts";
export { KERNEL_AJV_OPTIONS } from "./validation/ajv-options.ts";
export { ajvRuntime } from "./validation/standalone-runtime.ts";
