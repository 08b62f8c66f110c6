/**
 * The tokens an image costs a vision model, by OpenAI's published tile formula (what the context bar counts,
 * docs/images.md): the image is fit within 2048×2048, then scaled so that its short side is at most 768; each
 * 512×512 tile of the result costs 170 tokens, plus 85 for the image. 1280×720 → 6 tiles → 1,105 tokens. Other
 * providers count otherwise (Anthropic: width × height / 750, about 1,229 for 1280×720): the estimate stays close.
 */
export function imageTokens(width: number, height: number): number {
  if (!(width > 0 && height > 0)) return BASE_TOKENS;
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const shortSide = Math.min(w, h);
  if (shortSide > 768) {
    w = (w * 768) / shortSide;
    h = (h * 768) / shortSide;
  }
  const tiles = Math.ceil(w / 512) * Math.ceil(h / 512);
  return BASE_TOKENS + TILE_TOKENS * tiles;
}

const BASE_TOKENS = 85;
const TILE_TOKENS = 170;
