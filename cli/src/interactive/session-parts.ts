// What the interactive mode needs once its first frame is drawn: the kernel, boot, the conversation loop.
// run-interactive.ts imports this module after ui.mount(), so that none of it is evaluated before the input box
// is on the screen (issue 22: the kernel's chunk alone was ~70 ms of CPU before the first draw).
export { AgentEvents, errorMessage } from "@maia/kernel";
export { boot } from "../boot.ts";
export { conversationLoop } from "./conversation-loop.ts";
export { startConversation } from "./startup.ts";
export { followSubagents } from "./subagent-status.ts";
export { followBackground } from "./background-status.ts";
