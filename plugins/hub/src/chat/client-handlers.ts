import type * as acp from "@agentclientprotocol/sdk";
import type { AgentClientHandlers } from "../agents/acp-client.ts";
import type { ToolDiff } from "../protocol.ts";
import { readTextFile, writeTextFile } from "./file-system.ts";
import type { Terminals } from "./terminals.ts";

/** Where what one agent sends lands (the chat service, for that agent): its updates, permission requests and writes. */
export interface AgentInbox {
  /** A `session/update` of one of its sessions. */
  update(notification: acp.SessionNotification): void;
  /** A `session/request_permission`: answered when the user chooses (or the turn ends). */
  permission(request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse>;
  /** A file it wrote through `fs/write_text_file` inside `cwd`, as a diff. */
  wrote(sessionId: string, diff: ToolDiff, cwd: string): void;
}

/**
 * What the hub offers an agent in `initialize`, and answers when it calls: its updates and permission requests go
 * to its inbox; files may be read and written only inside the agent's `cwd` (a write shows in the conversation as
 * a diff); terminals run there too. The supervisor advertises `fs` and `terminal` from exactly these handlers
 * (src/agents/acp-client.ts).
 */
export function chatClientHandlers(inbox: AgentInbox, cwd: string, terminals: Terminals): AgentClientHandlers {
  return {
    sessionUpdate: ({ params }) => inbox.update(params),
    requestPermission: ({ params, signal }) => inbox.permission(params, signal),
    readTextFile: async ({ params }) => ({ content: await readTextFile(cwd, params) }),
    writeTextFile: async ({ params }) => {
      const diff = await writeTextFile(cwd, params);
      inbox.wrote(params.sessionId, diff, cwd);
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
