/**
 * What decides a call — rule evaluation with the Bash analysis, the advice shown with a question, "always"
 * answers — imported through engine-loader.ts on the first tool call rather than at start (issue 22).
 */
export { adviceFor } from "./advice.ts";
export { evaluate } from "./evaluate.ts";
export { remember } from "./remember.ts";
