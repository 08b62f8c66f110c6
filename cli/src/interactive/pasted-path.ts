import { statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The image files a pasted path attaches (issue 38): the formats vision models take. */
const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp)$/i;

/**
 * The file a pasted text names, read the ways terminals paste a path (a file dropped on the window, a copied path):
 * one line, maybe in quotes, maybe a `file://` URL, maybe with its spaces escaped by backslashes (`My\ Shot.png`),
 * `~/` for the home folder, relative to the launch folder. Only the path of an image file (PNG, JPEG, GIF, WebP)
 * that exists counts; anything else is undefined, and the paste goes in as text.
 */
export function pastedImagePath(pasted: string, cwd: string, homeDir: string): { absolute: string; shown: string } | undefined {
  const given = pathOf(pasted.trim());
  if (given === undefined || !IMAGE_EXTENSION.test(given)) return undefined;
  const absolute = given === "~" || given.startsWith("~/") ? path.join(homeDir, given.slice(1)) : path.resolve(cwd, given);
  const stats = statSync(absolute, { throwIfNoEntry: false });
  if (stats === undefined || !stats.isFile()) return undefined;
  const relative = path.relative(cwd, absolute);
  const shown = relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative.split(path.sep).join("/") : absolute;
  return { absolute, shown };
}

/** The path a pasted line spells, or undefined when it is not one line that can be a path. */
export function pathOf(text: string): string | undefined {
  if (text === "" || /[\r\n\0]/.test(text)) return undefined;
  let given = text;
  const quoted = /^(['"])(.*)\1$/.exec(given);
  if (quoted) given = quoted[2] ?? "";
  else given = given.replace(/\\(.)/g, "$1");
  if (given.startsWith("file://")) {
    try {
      return fileURLToPath(given);
    } catch {
      return undefined;
    }
  }
  return given === "" ? undefined : given;
}
