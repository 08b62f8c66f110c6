// Answers initialize with ACP v1, then crashes (exit code 3, after a last stderr line) when it receives
// session/new or SIGUSR1: a running agent that dies by itself, at a moment the test chooses.
import { log, serve } from "./fake-agent-kit.mjs";

function crash() {
  log("fatal: the fake agent crashed");
  process.exit(3);
}

serve({ onSessionNew: () => crash() });
process.on("SIGUSR1", crash);
