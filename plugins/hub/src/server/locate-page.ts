import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Where the built page is: beside the bundle (`cli/dist/hub/`, copied there by the CLI's build, so the bundle
 * works wherever it is copied), else the package's own build (`plugins/hub/page/dist/`, when running from source).
 */
export function locatePage(): string | undefined {
  const candidates = [new URL("./hub/", import.meta.url), new URL("../../page/dist/", import.meta.url)];
  for (const candidate of candidates) {
    const folder = fileURLToPath(candidate);
    if (existsSync(`${folder}index.html`)) return folder;
  }
  return undefined;
}
