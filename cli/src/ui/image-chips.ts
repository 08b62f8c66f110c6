import type { ImageReference } from "@maia/kernel";
import { activeLocale, formatNumber } from "@maia/util/i18n";
// Its own entry: the input box's first frame loads nothing else of @maia/util.
import { formatSizeWith } from "@maia/util/format-size";
import { t } from "./messages.ts";

/**
 * What the input box does with images (issue 38), given by the interactive front end: the UI itself reads no file
 * and runs no program. `pastedPath` answers at once whether a pasted text is the path of an image file it takes
 * (then attached in the background); `clipboard` is Ctrl+V.
 */
export interface ImageHandlers {
  pastedPath(text: string): boolean;
  clipboard(): void;
}

/** `[image 1: shot.png 1280×720, 210 KB]`: an image attached to the request being typed. */
export function imageChip(number: number, image: ImageReference): string {
  return t("imageChip", { number, name: image.name, width: image.width, height: image.height, size: formatSizeWith(image.size, activeLocale() === "fr", formatNumber) });
}
