/**
 * What an image sent to a model may be (issue 38, docs/images.md). Larger images are scaled down before sending.
 * - 2,048 pixels on the long side: OpenAI scales larger images to fit 2048×2048 before it reads them, so more is
 *   bandwidth and memory for nothing; Anthropic reads up to 8,000.
 * - 3.75 MB: Anthropic's API takes 5 MB of base64 per image (3.75 MB of bytes); OpenAI takes 20 MB.
 */
export const IMAGE_LIMITS = {
  maxSide: 2048,
  maxBytes: 3.75 * 1024 * 1024,
  /** A file larger than this is not read at all (a photo straight from a camera is 5–30 MB). */
  maxFileBytes: 64 * 1024 * 1024,
  /** Decoding needs 4 bytes a pixel: 64 million pixels is 256 MB in the worker, the most it is given. */
  maxPixels: 64_000_000,
};

export type ImageLimits = typeof IMAGE_LIMITS;
