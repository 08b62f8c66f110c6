import { activeLocale, defineMessages, formatNumber, formatSizeWith } from "@maia/util";

/** Sizes as Read and the `@` references write them ("210 KB", "210 Ko"). */
export function formatSize(bytes: number): string {
  return formatSizeWith(bytes, activeLocale() === "fr", formatNumber);
}

type Params = Record<string, string | number>;

/** Why an image could not be attached or read, for the user and for the model (Read's error result). */
export const t = defineMessages(
  {
    notAnImage: (p: Params) => `${p.name} is not an image MAIA can send (PNG, JPEG, GIF or WebP).`,
    unsupportedFormat: (p: Params) => `${p.name} is a ${p.format} image: MAIA sends PNG, JPEG, GIF and WebP only; convert it first.`,
    noDimensions: (p: Params) => `${p.name}: the ${p.format} image's size cannot be read (a damaged or cut file?).`,
    fileTooLarge: (p: Params) => `${p.name} is ${p.size}: images over ${p.limit} are not read.`,
    tooManyPixels: (p: Params) => `${p.name} is ${p.width}×${p.height} pixels: images over ${p.limit} million pixels are not decoded.`,
    scaleFailed: (p: Params) => `${p.name} could not be scaled down under ${p.limit} (${p.cause}).`,
    readFailed: (p: Params) => `${p.name} could not be read (${p.cause}).`,
    notFound: (p: Params) => `${p.name}: no such file.`,
    notAFile: (p: Params) => `${p.name} is not a regular file.`,
  },
  {
    notAnImage: (p: Params) => `${p.name} n'est pas une image que MAIA peut envoyer (PNG, JPEG, GIF ou WebP).`,
    unsupportedFormat: (p: Params) => `${p.name} est une image ${p.format} : MAIA n'envoie que du PNG, JPEG, GIF et WebP ; convertissez-la d'abord.`,
    noDimensions: (p: Params) => `${p.name} : la taille de l'image ${p.format} est illisible (fichier abîmé ou tronqué ?).`,
    fileTooLarge: (p: Params) => `${p.name} fait ${p.size} : les images de plus de ${p.limit} ne sont pas lues.`,
    tooManyPixels: (p: Params) => `${p.name} fait ${p.width}×${p.height} pixels : les images de plus de ${p.limit} millions de pixels ne sont pas décodées.`,
    scaleFailed: (p: Params) => `${p.name} n'a pas pu être réduite sous ${p.limit} (${p.cause}).`,
    readFailed: (p: Params) => `${p.name} n'a pas pu être lue (${p.cause}).`,
    notFound: (p: Params) => `${p.name} : fichier introuvable.`,
    notAFile: (p: Params) => `${p.name} n'est pas un fichier ordinaire.`,
  },
);
