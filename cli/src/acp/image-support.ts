import type { Kernel } from "@maia/kernel";

/** How long `initialize` waits to learn whether the model takes images (its /model/info is usually on its way). */
const ANSWER_WITHIN_MS = 5_000;

/**
 * Whether the folder's configured model takes images, for `promptCapabilities.image` (issue 38): the provider of
 * that model says (LiteLLM: the Vision setting, else /model/info). No model configured, no provider, no answer in
 * time, or an error: false — the client then sends no images, and a request with one would be refused anyway.
 */
export async function modelTakesImages(kernel: Kernel, model: string | undefined): Promise<boolean> {
  if (model === undefined) return false;
  const signal = AbortSignal.timeout(ANSWER_WITHIN_MS);
  try {
    const { cwd, homeDir, env } = kernel.runtime;
    const provider = await kernel.hooks.resolveProvider.promise({ model, cwd, homeDir, env });
    const support = await provider?.imageSupport?.(signal);
    return support?.images === true;
  } catch {
    return false;
  }
}
