import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

export { tempFolder } from "@maia/testing-maia";

/**
 * Writes `<base>/.maia/tools/<folder>/TOOL.json` (or another file name) and any extra files (scripts) beside it,
 * as a user would; returns the tool's folder.
 */
export async function writeTool(
  base: string,
  folder: string,
  definition: Record<string, unknown> | string,
  extra: Record<string, string> = {},
  fileName = "TOOL.json",
): Promise<string> {
  const dir = path.join(base, ".maia", "tools", folder);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, fileName), typeof definition === "string" ? definition : JSON.stringify(definition, null, 2));
  for (const [name, content] of Object.entries(extra)) await writeFile(path.join(dir, name), content, { mode: 0o755 });
  return dir;
}

/** A script that prints what it received: its arguments, working folder and MAIA variables, as JSON. */
export const ECHO_ARGS_JS = `console.log(JSON.stringify({
  argv: process.argv.slice(2),
  cwd: process.cwd(),
  maiaCwd: process.env.MAIA_CWD,
  toolDir: process.env.MAIA_TOOL_DIR,
}));
`;

/** A definition whose program prints its arguments (see ECHO_ARGS_JS). */
export function echoTool(name: string, parameters: Array<Record<string, unknown>> = [{ name: "value", type: "string" }]): Record<string, unknown> {
  return {
    name,
    description: `Echoes its arguments (${name})`,
    command: { parameters, run: `node ./echo.js ${parameters.map((parameter) => `{{${String(parameter.name)}}}`).join(" ")}` },
  };
}
