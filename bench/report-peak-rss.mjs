// Preloaded with `node --import` by the benchmarks: writes the process's peak resident memory (KB) to
// $MAIA_RSS_FILE when it exits, so a benchmark can measure a child without platform-specific tools.
import { writeFileSync } from "node:fs";

process.on("exit", () => {
  if (process.env.MAIA_RSS_FILE) writeFileSync(process.env.MAIA_RSS_FILE, String(process.resourceUsage().maxRSS));
});
