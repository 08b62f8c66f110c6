// Preloaded with `node --import` by the benchmarks: writes the process's peak resident memory (KB) to
// $MAIA_RSS_FILE, and the CPU time it used (user + system, µs) to $MAIA_CPU_FILE, when it exits, so a benchmark
// can measure a child without platform-specific tools. CPU is what a loaded machine distorts least.
import { writeFileSync } from "node:fs";

process.on("exit", () => {
  const usage = process.resourceUsage();
  if (process.env.MAIA_RSS_FILE) writeFileSync(process.env.MAIA_RSS_FILE, String(usage.maxRSS));
  if (process.env.MAIA_CPU_FILE) writeFileSync(process.env.MAIA_CPU_FILE, String(usage.userCPUTime + usage.systemCPUTime));
});
