import type { ChatMessage } from "../protocol.ts";

/** How long an automatic title may be, in characters. */
const TITLE_MAX = 80;

/** A thread's automatic title: the first line of its first request, cut at 80 characters; "" before any. */
export function titleFrom(messages: readonly ChatMessage[]): string {
  const first = messages.find((message) => message.role === "user");
  if (!first) return "";
  const text = first.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
  const line = text.split("\n").map((candidate) => candidate.trim()).find((candidate) => candidate !== "") ?? "";
  const characters = [...line];
  return characters.length > TITLE_MAX ? `${characters.slice(0, TITLE_MAX - 1).join("")}…` : line;
}
