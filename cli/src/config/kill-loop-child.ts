/**
 * The child process of kill-loop.test.ts: edits the two files users' commands edit — `.maia/config.json`
 * (`maia plugins enable|disable`) and `.maia/settings.json` (ACP "always allow") — in a loop until it is killed,
 * printing one line after each edit that completed: `config <n>` and `settings <n>`. Bundled into one file by
 * the test (bundleChild of @maia/testing-maia).
 */
import { addPermissionRules } from "@maia/permission-rules";
import { setPluginEnabled } from "./write-config.ts";

const [configFile = "config.json", settingsFile = "settings.json"] = process.argv.slice(2);

for (let round = 1; ; round += 1) {
  await setPluginEnabled(configFile, "mcp", round % 2 === 0);
  process.stdout.write(`config ${round}\n`);
  await addPermissionRules(settingsFile, "allow", [`Bash(tool-${round} *)`]);
  process.stdout.write(`settings ${round}\n`);
}
