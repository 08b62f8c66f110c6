import { definePlugin } from "@maia/kernel";
import { t } from "./messages.ts";

const PLUGIN_NAME = "hub";

/**
 * `maia hub` (seed 001): a local web app that starts, supervises and configures several ACP agents. The plugin
 * only registers the subcommand; the server, the supervisor and their libraries are imported when it runs, and
 * the CLI applies this plugin only for subcommands, so headless runs, ACP and the interactive UI never load it.
 */
export default definePlugin({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "maia hub: a local web page that supervises several ACP agents (states, logs, configuration)",
  apply(context) {
    context.subcommands.register({
      name: "hub",
      description: t("subcommandDescription"),
      run: async (argv, io) => (await import("./run-hub.ts")).runHub(argv, io),
    });
  },
});
