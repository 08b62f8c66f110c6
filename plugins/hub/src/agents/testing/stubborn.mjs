// Answers initialize with ACP v1, then ignores both the end of stdin and SIGTERM: only SIGKILL stops it.
import { log, serve } from "./fake-agent-kit.mjs";

serve({ exitOnEof: false });
process.on("SIGTERM", () => log("SIGTERM received: ignoring it"));
setInterval(() => {}, 1000);
