import type { AgentClientHandlers } from "../agents/acp-client.ts";
import type { ChatService } from "./chat-service.ts";
import { readTextFile, writeTextFile } from "./file-system.ts";
import type { Terminals } from "./terminals.ts";

/**
 * What the hub offers an agent in `initialize`, and answers when it calls: its updates and permission requests go
 * to the conversation; files may be read and written only inside the agent's `cwd` (a write shows in the
 * conversation as a diff); terminals run there too. The supervisor advertises `fs` and `terminal` from exactly
 * these handlers (src/agents/acp-client.ts).
 */
export function chatClientHandlers(chat: ChatService, agent: string, cwd: string, terminals: Terminals): AgentClientHandlers {
  return {
    sessionUpdate: ({ params }) => chat.onUpdate(agent, params),
    requestPermission: ({ params, signal }) => chat.onPermission(agent, params, signal),
    readTextFile: async ({ params }) => ({ content: await readTextFile(cwd, params) }),
    writeTextFile: async ({ params }) => {
      const diff = await writeTextFile(cwd, params);
      chat.onWrite(agent, params.sessionId, diff, cwd);
      return {};
    },
    terminal: {
      create: ({ params }) => terminals.create(params),
      output: ({ params }) => terminals.output(params),
      waitForExit: ({ params }) => terminals.waitForExit(params),
      kill: ({ params }) => terminals.kill(params),
      release: ({ params }) => terminals.release(params),
    },
  };
}
