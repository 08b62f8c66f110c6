// Turns cli/assets/mask.png (32 × 32, any 8-bit PNG) into cli/src/ui/mask-data.ts, the data the banner draws in half
// blocks (seed § 15.4). Colours are kept exactly as drawn: one RRGGBBAA value per pixel.
//   node cli/assets/make-mask-data.ts [input.png] [output.ts]
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { maskDataSource } from "../src/ui/mask-source.ts";
import { decodePng } from "../src/ui/png-codec.ts";

const input = process.argv[2] ?? fileURLToPath(new URL("./mask.png", import.meta.url));
const output = process.argv[3] ?? fileURLToPath(new URL("../src/ui/mask-data.ts", import.meta.url));
try {
  const image = decodePng(readFileSync(input));
  const temporary = `${output}.tmp-${process.pid}`;
  writeFileSync(temporary, maskDataSource(image, "cli/assets/mask.png"));
  renameSync(temporary, output);
  console.log(`wrote ${output} (${image.width}×${image.height})`);
} catch (error) {
  console.error(`${input}: ${(error as Error).message}`);
  process.exit(1);
}
