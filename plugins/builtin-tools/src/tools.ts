import type { AnyTool } from "@maia/kernel";
import { createBashOutputTool } from "./background/bash-output-tool.ts";
import { createKillShellTool } from "./background/kill-shell-tool.ts";
import { createBashTool, type BashLimits, BASH_LIMITS } from "./bash-tool.ts";
import { createCurrentModelTool } from "./current-model-tool.ts";
import { createEditTool } from "./edit-tool.ts";
import { createGlobTool } from "./glob-tool.ts";
import { createGrepTool } from "./grep-tool.ts";
import { WEB_FETCH_LIMITS, type FetchLimits } from "./http-fetch.ts";
import { createReadTool } from "./read-tool.ts";
import { createTodoTool } from "./todo-tool.ts";
import type { ToolEnvironment } from "./tool-environment.ts";
import { createWebFetchTool } from "./web-fetch-tool.ts";
import { createWriteTool } from "./write-tool.ts";

export interface ToolLimits {
  bash: BashLimits;
  webFetch: FetchLimits;
}

export const DEFAULT_LIMITS: ToolLimits = { bash: BASH_LIMITS, webFetch: WEB_FETCH_LIMITS };

/** The nine tools, in the seed's declaration order (§ 8), with Bash's background companions (issue 39) after it. */
export function createBuiltinTools(environment: ToolEnvironment, limits: ToolLimits = DEFAULT_LIMITS): AnyTool[] {
  return [
    createReadTool(environment),
    createGlobTool(environment),
    createGrepTool(environment),
    createWriteTool(environment),
    createEditTool(environment),
    createBashTool(limits.bash, () => environment.sandbox?.()),
    createBashOutputTool(limits.bash.maxChars),
    createKillShellTool(),
    createTodoTool(),
    createWebFetchTool(limits.webFetch),
    createCurrentModelTool(),
  ];
}
