// Answers initialize with ACP v1 and launches a long-running child in its process group (logged as
// "child=<pid>"), then exits on the end of stdin without taking care of it: the hub must.
import { spawn } from "node:child_process";
import { log, serve } from "./fake-agent-kit.mjs";

const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
child.unref();
log(`child=${child.pid}`);
serve();
