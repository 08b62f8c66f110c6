/**
 * @maia/testing-plugins — real first-party plugins for a plugin's integration tests. A plugin's tests import
 * this package and @maia/testing-kernel, never another plugin: the composition lives here, outside any plugin.
 */
export { firstParty, type FirstPartyName } from "./first-party.ts";
export { holdTokenizer } from "./context-tokenizer.ts";
export { sessionNames, skillTool } from "./pure-parts.ts";
// What a front end does with a typed line (prefixes, `/` commands, a prompt), for plugins' tests of their commands.
export { dispatchInput, type DispatchOptions, type DispatchResult } from "@maia/cli/dispatch-input";
