import { defineMessages } from "@maia/util/i18n";

/** The oldest Node major MAIA runs on (DESIGN.md, runtime; `engines` in cli/package.json). */
export const OLDEST_NODE = 22;

/**
 * Why MAIA cannot run on this Node, or undefined when it can. An installed `maia` runs on the first `node` on
 * the PATH (its shebang), whatever npm installed it with: on Node 20 it would start and then fail here and
 * there (a `Set` method missing, a checkpoint not taken), so it stops at once and says what to change.
 */
export function nodeTooOld(version: string, executable: string): string | undefined {
  const major = Number.parseInt(version, 10);
  if (major >= OLDEST_NODE) return undefined;
  const t = defineMessages(
    { tooOld: "MAIA needs Node.js {oldest} or newer; the node that runs it is {version} ({executable}). Put a newer node first on your PATH." },
    { tooOld: "MAIA a besoin de Node.js {oldest} ou plus récent ; le node qui l'exécute est en version {version} ({executable}). Placez un node plus récent en tête de votre PATH." },
  );
  return t("tooOld", { oldest: OLDEST_NODE, version, executable });
}
