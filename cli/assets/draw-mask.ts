// Draws cli/assets/mask.png, the 32 × 32 carnival mask of the banner (seed § 15.4: true colours, no palette), as a
// program rather than a hand-edited bitmap so that it can be tuned and regenerated.
//   node cli/assets/draw-mask.ts            writes cli/assets/mask.png
//   node cli/assets/make-mask-data.ts       then turns it into cli/src/ui/mask-data.ts
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encodePng } from "../src/ui/png-codec.ts";

const SIZE = 32;
type Rgba = [number, number, number, number];

const mix = (a: Rgba, b: Rgba, f: number): Rgba => a.map((v, i) => Math.round(v + ((b[i] ?? 0) - v) * Math.max(0, Math.min(1, f)))) as Rgba;
const hex = (value: string, alpha = 255): Rgba => [
  Number.parseInt(value.slice(1, 3), 16),
  Number.parseInt(value.slice(3, 5), 16),
  Number.parseInt(value.slice(5, 7), 16),
  alpha,
];
const over = (base: Rgba, top: Rgba): Rgba => {
  const a = top[3] / 255;
  return [0, 1, 2].map((i) => Math.round((top[i] ?? 0) * a + (base[i] ?? 0) * (1 - a))).concat(Math.max(base[3], top[3])) as Rgba;
};

const face = { cx: 15.5, cy: 16.2, rx: 13.2, ry: 15.2 };
const eyes = [
  { cx: 10.2, cy: 14.2 },
  { cx: 20.8, cy: 14.2 },
];

function ellipse(x: number, y: number, cx: number, cy: number, rx: number, ry: number): number {
  return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
}

function pixel(px: number, py: number): Rgba {
  const x = px + 0.5;
  const y = py + 0.5;
  const d = ellipse(x, y, face.cx, face.cy, face.rx, face.ry);
  if (d > 1) return [0, 0, 0, 0];
  const v = py / (SIZE - 1);
  // The gold rim, lit from the top.
  if (d > 0.8) return mix(hex("#ffe9a3"), hex("#b9801f"), v * 0.9 + (d - 0.8) * 1.5);
  // Eye holes: almond shaped and see-through, with a dark outline and a gold brow above.
  for (const eye of eyes) {
    const dx = x - eye.cx;
    const dy = y - eye.cy;
    const half = 2.2 * (1 - (dx / 4.3) ** 2);
    if (Math.abs(dx) < 4.3 && Math.abs(dy) <= half) return [0, 0, 0, 0];
    if (Math.abs(dx) < 5.1 && Math.abs(dy) <= 2.2 * (1 - (dx / 5.1) ** 2) + 0.75) return mix(hex("#2b0b3f"), hex("#4a1868"), Math.abs(dx) / 5.1);
    const brow = eye.cy - 4 + (dx / 4.8) ** 2 * 1.6;
    if (Math.abs(dx) < 4.8 && Math.abs(y - brow) < 0.55) return mix(hex("#fff3b0"), hex("#e0a93a"), Math.abs(dx) / 4.8);
  }
  // Two-tone harlequin face: violet on the left, teal on the right, shaded towards the rim.
  const left = x < face.cx;
  let color = left ? mix(hex("#c99bff"), hex("#5b22c4"), v) : mix(hex("#7ff5e0"), hex("#147f93"), v);
  color = mix(color, hex("#1c0830"), Math.max(0, d - 0.45) * 0.55);
  // A thin gold seam down the middle.
  if (Math.abs(x - face.cx) < 0.5 && ((y > 8.8 && y < 10.5) || (y > 16.5 && y < 22.5))) color = mix(hex("#ffe08a"), hex("#c38b28"), v);
  // Forehead diamond.
  const diamond = Math.abs(x - face.cx) / 2.6 + Math.abs(y - 6.2) / 2.6;
  if (diamond <= 1) color = diamond < 0.45 ? hex("#fffdf2") : mix(hex("#ffd45c"), hex("#d4901c"), diamond);
  // A pink tear under the right eye, a star under the left.
  if (Math.abs(x - 21.2) / 1.2 + Math.abs(y - 19.6) / 2 <= 1) color = hex("#ff4f9a");
  const sx = Math.abs(x - 9.8);
  const sy = Math.abs(y - 19.6);
  if (sx + sy <= 0.8 || (sx < 0.5 && sy < 2.2) || (sy < 0.5 && sx < 2.2)) color = sx + sy <= 0.8 ? hex("#fffbe0") : hex("#ffd04a");
  // Lips.
  const lips = ellipse(x, y, face.cx, 24.6 + ((x - face.cx) / 4.5) ** 2 * -0.9, 4.6, 1.35);
  if (lips <= 1) color = y < 24.4 ? hex("#ff5a7a") : hex("#d81b4f");
  if (lips <= 1 && Math.abs(y - 24.6) < 0.5) color = hex("#8c0f33");
  // A soft shine on the upper left cheek.
  const shine = ellipse(x, y, 8.2, 8.8, 3.2, 2.2);
  if (shine < 1) color = over(color, [255, 255, 255, Math.round((1 - shine) * 110)]);
  return color;
}

const rgba = new Uint8Array(SIZE * SIZE * 4);
for (let y = 0; y < SIZE; y += 1) for (let x = 0; x < SIZE; x += 1) rgba.set(pixel(x, y), (y * SIZE + x) * 4);
const target = fileURLToPath(new URL("./mask.png", import.meta.url));
writeFileSync(target, encodePng({ width: SIZE, height: SIZE, rgba }));
console.log(`wrote ${target}`);
