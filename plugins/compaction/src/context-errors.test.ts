import { ProviderError } from "@maia/kernel";
import { describe, expect, it } from "vitest";
import { isContextTooLongError } from "./context-errors.ts";

describe("isContextTooLongError (seed § 14.5)", () => {
  it.each([
    ["OpenAI", "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages."],
    ["OpenAI code", "Error code: 400 - {'error': {'message': 'too long', 'type': 'invalid_request_error', 'code': 'context_length_exceeded'}}"],
    ["OpenAI (new)", "Input tokens exceed the configured limit of 272000 tokens. Your messages resulted in 300123 tokens."],
    ["Azure", "litellm.BadRequestError: AzureException - context_length_exceeded"],
    ["Anthropic", "prompt is too long: 210345 tokens > 200000 maximum"],
    ["Anthropic via LiteLLM", 'litellm.ContextWindowExceededError: AnthropicException - {"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 201000 tokens > 200000 maximum"}}'],
    ["Bedrock", "litellm.BadRequestError: BedrockException - ValidationException: Input is too long for requested model."],
    ["Gemini", "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)."],
    ["Mistral", "Prompt contains 40321 tokens and 0 draft tokens, too large for model with 32768 maximum context length"],
    ["vLLM", "This model's maximum context length is 4096 tokens. However, you requested 5120 tokens (4096 in the messages, 1024 in the completion). Please reduce the length of the messages or completion."],
    ["vLLM (input)", "Input prompt (5120 tokens) is too long and exceeds limit of 4096"],
    ["vLLM (decoder)", "The decoder prompt (length 5120) is longer than the maximum model length of 4096. Make sure that `max_model_len` is no smaller than the number of text tokens."],
    ["llama.cpp", "the request exceeds the available context size, try increasing it"],
    ["Cohere", "too many tokens: total number of tokens in the prompt cannot exceed 4081 - received 5000"],
  ])("recognises %s", (_provider, message) => {
    expect(isContextTooLongError(new Error(message))).toBe(true);
  });

  it("trusts the provider's kind, and reads the causes of wrapped errors", () => {
    expect(isContextTooLongError(new ProviderError("LiteLLM answered HTTP 400", "context_too_long", 400))).toBe(true);
    expect(isContextTooLongError(new Error("turn failed", { cause: new Error("prompt is too long: 9 tokens > 8 maximum") }))).toBe(true);
  });

  it.each([
    "Rate limit reached for gpt-4o in organization org-x on tokens per min (TPM): Limit 30000, Used 29000, Requested 5000.",
    "Request too large for gpt-4 in organization org-x on tokens per min (TPM): Limit 10000, Requested 20000.",
    "You exceeded your current quota, please check your plan and billing details.",
    "LiteLLM unreachable (http://127.0.0.1:4000): ECONNREFUSED",
    "Invalid API key",
    "The model `gpt-9` does not exist",
    "",
  ])("does not mistake %j for a context overflow", (message) => {
    expect(isContextTooLongError(new Error(message))).toBe(false);
  });

  it("says no for values that are not errors", () => {
    expect(isContextTooLongError(undefined)).toBe(false);
    expect(isContextTooLongError(null)).toBe(false);
    expect(isContextTooLongError(42)).toBe(false);
    expect(isContextTooLongError(new ProviderError("HTTP 500", "server", 500))).toBe(false);
  });
});
