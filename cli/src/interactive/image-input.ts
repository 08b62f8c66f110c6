import type { ImageBlock } from "@maia/kernel";
import type { ImageHandlers } from "../ui/image-chips.ts";
import type { InkUI } from "../ui/ink-ui.ts";
import { t } from "./messages.ts";
import { pastedImagePath } from "./pasted-path.ts";

/**
 * What the input box does with images (issue 38): a pasted path of an image file and Ctrl+V each attach the image
 * as a chip, read (and scaled down if need be) in the background by @maia/images, which is loaded only then.
 */
export function imageHandlers(ui: InkUI, cwd: string, homeDir: string): ImageHandlers {
  return {
    pastedPath(text) {
      const file = pastedImagePath(text, cwd, homeDir);
      if (file === undefined) return false;
      void attach(ui, async () => (await import("@maia/images")).readImageFile(file.absolute, file.shown));
      return true;
    },
    clipboard() {
      void attach(ui, async () => {
        // Loaded on first use: reading the clipboard runs a program, which a session without Ctrl+V never does.
        const read = await (await import("./clipboard-image.ts")).readClipboardImage();
        if (!read.ok) return read;
        return (await import("@maia/images")).prepareImage(read.bytes, t("clipboardName"));
      });
    },
  };
}

async function attach(ui: InkUI, prepare: () => Promise<{ ok: true; image: ImageBlock } | { ok: false; message: string }>): Promise<void> {
  try {
    const prepared = await prepare();
    if (prepared.ok) ui.store.attach(prepared.image);
    else ui.warn(prepared.message);
  } catch (error) {
    ui.warn(error instanceof Error ? error.message : String(error));
  }
}
