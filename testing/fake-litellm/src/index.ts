// Public entry of @maia/fake-litellm: the server factory and the types tests script it with.

export { startFakeLiteLLM } from "./server.ts";
export type {
  ChatBody,
  FakeLiteLLM,
  FakeLiteLLMOptions,
  FakeToolCall,
  ModelInfo,
  ReceivedImage,
  RecordedRequest,
  Scripted,
  ScriptedError,
  ScriptedFunction,
  ScriptedHang,
  ScriptedRaw,
  ScriptedReset,
  ScriptedStream,
  Usage,
} from "./types.ts";
