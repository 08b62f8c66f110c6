/**
 * @maia/testing-kernel — a real kernel for tests, with nothing but the kernel: plugins given in memory, a
 * scripted provider, recorded events, questions and command output. Real first-party plugins and the fake
 * LiteLLM server are composed by @maia/testing-plugins, so that this package (and the kernel's tests) depend
 * on no plugin.
 */
export { candidateFor, commandContext, createTestKernel, frontEndOf, recordEvents, scriptedInteraction, type FrontEndName, type TestKernel, type TestPlugin } from "./test-kernel.ts";
export {
  scriptedProvider,
  type ScriptedAnswer,
  type ScriptedCall,
  type ScriptedFailure,
  type ScriptedHang,
  type ScriptedProvider,
  type ScriptedProviderOptions,
  type ScriptedReply,
  type ScriptedStep,
} from "./scripted-provider.ts";
export { call, loopFixture, testImage, testToolsPlugin, type LoopFixture, type ToolLog } from "./loop-fixture.ts";
export { recordingOutput, runCommand, type RecordedOutput } from "./run-command.ts";
export { sampleSession } from "./sample-session.ts";
