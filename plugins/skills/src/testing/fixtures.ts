import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

export { tempFolder } from "@maia/testing-maia";

/** Writes `<root>/<name>/SKILL.md` (or another file name) as a user would; returns the file. */
export async function writeSkill(root: string, name: string, content: string, fileName = "SKILL.md"): Promise<string> {
  await mkdir(path.join(root, name), { recursive: true });
  const file = path.join(root, name, fileName);
  await writeFile(file, content);
  return file;
}

/** A SKILL.md with a description and instructions. */
export function skillFile(description: string, body: string, extraHeader = ""): string {
  return `---\ndescription: ${description}\n${extraHeader}---\n${body}\n`;
}
