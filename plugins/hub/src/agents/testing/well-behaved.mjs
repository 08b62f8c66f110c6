// Answers initialize with ACP v1 and exits when stdin closes. FAKE_AGENT_LINES=N writes N stderr lines at
// start ("line 1" … "line N"); FAKE_AGENT_TICK_MS=T writes "tick N" every T ms; FAKE_AGENT_INIT_DELAY_MS
// delays the initialize answer; FAKE_AGENT_SAY is written on stderr at start.
import { methods } from "@agentclientprotocol/sdk";
import { log, serve } from "./fake-agent-kit.mjs";

// session/new also exercises the client side: one session/update, then a permission request whose outcome
// it logs ("permission=cancelled", "permission=selected:allow").
async function newSession({ client }) {
  const sessionId = "fake-session";
  await client.notify(methods.client.session.update, {
    sessionId,
    update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hello" } },
  });
  const answer = await client.request(methods.client.session.requestPermission, {
    sessionId,
    toolCall: { toolCallId: "call-1", title: "Run ls", kind: "execute", status: "pending" },
    options: [{ optionId: "allow", name: "Allow", kind: "allow_once" }],
  });
  log(`permission=${answer.outcome.outcome}${answer.outcome.outcome === "selected" ? `:${answer.outcome.optionId}` : ""}`);
  return { sessionId };
}

serve({ initializeDelayMs: Number(process.env.FAKE_AGENT_INIT_DELAY_MS ?? 0), onSessionNew: newSession });
if (process.env.FAKE_AGENT_SAY) log(process.env.FAKE_AGENT_SAY);
for (let line = 1; line <= Number(process.env.FAKE_AGENT_LINES ?? 0); line++) log(`line ${line}`);
const tick = Number(process.env.FAKE_AGENT_TICK_MS ?? 0);
if (tick > 0) {
  let count = 0;
  setInterval(() => log(`tick ${++count}`), tick);
}
