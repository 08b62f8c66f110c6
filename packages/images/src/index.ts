/**
 * @maia/images — images for every part of MAIA that takes them (issue 38, docs/images.md): what an image file is,
 * its bytes within the size cap (scaled down by photon in a worker thread, loaded only then), and what it costs a
 * model's context. The `@` references, Read, the CLI (`--image`, the input's chips) and ACP share it.
 */
export { EXTENSIONS, hasImageExtension, identifyImage, type Identified } from "./identify-image.ts";
export { IMAGE_LIMITS, type ImageLimits } from "./limits.ts";
export { prepareImage, readImageFile, type PreparedImage, type ScaledFrom } from "./prepare-image.ts";
export { stopImageWorker } from "./scale-in-worker.ts";
export { imageTokens } from "./tile-tokens.ts";
export { formatSize as formatImageSize } from "./messages.ts";
