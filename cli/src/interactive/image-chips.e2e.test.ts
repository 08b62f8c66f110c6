// The input box's image chips in a real terminal (issue 38): a pasted image path becomes a chip, Backspace at the
// start removes it, and the image goes with the request; Ctrl+V attaches the clipboard's image, read with xclip.
// One focused test: tmux tests are slow.
import { chmod, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { makePng } from "@maia/images/testing";
import { describe, expect, it } from "vitest";
import { bundleBuilt, lastUserText } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable } from "./testing/tmux-terminal.ts";

const ready = tmuxAvailable() && bundleBuilt();
const bed = terminalPerTest({ modelInfo: { "fake-model": { max_input_tokens: 200_000, supports_vision: true } } });

/** A bracketed paste, as a terminal sends one (a file dropped on its window): ESC [200~ … ESC [201~. */
function bracketed(text: string): string[] {
  return [..."\u001b[200~", ...text, ..."\u001b[201~"].map((char) => char.charCodeAt(0).toString(16).padStart(2, "0"));
}

/**
 * An `xclip` that answers as the real one does for a clipboard holding `image` (its TARGETS, then the bytes of
 * the type asked for): the real one needs an X server, and what is tested here is MAIA reading the clipboard.
 */
async function clipboardHolding(image: Buffer): Promise<string> {
  const bin = await mkdtemp(path.join(os.tmpdir(), "maia-clipboard-"));
  await writeFile(path.join(bin, "image.png"), image);
  const script = [
    "#!/bin/sh",
    'case "$*" in',
    `  *TARGETS*) printf 'TARGETS\\ntext/plain\\nimage/png\\n' ;;`,
    `  *image/png*) cat '${path.join(bin, "image.png")}' ;;`,
    "  *) exit 1 ;;",
    "esac",
  ].join("\n");
  await writeFile(path.join(bin, "xclip"), `${script}\n`);
  await chmod(path.join(bin, "xclip"), 0o755);
  return bin;
}

describe.skipIf(!ready)("image chips in the input box (issue 38)", () => {
  it("shows a pasted image path or the clipboard's image as a chip, removes it with Backspace at the start, and sends the image", async () => {
    const clipboard = await clipboardHolding(makePng(64, 48));
    const { terminal, cwd } = await bed.start({ lang: "en", env: { PATH: `${clipboard}:${process.env.PATH ?? ""}`, DISPLAY: ":0" } });
    const shot = makePng(1280, 720, { pixel: () => [30, 60, 90] });
    await writeFile(path.join(cwd, "shot.png"), shot);
    await terminal.waitFor("Your request — /help: help");

    await terminal.press("C-v");
    const pasted = /\[image 1: clipboard\.png 64×48, [\d.]+ KB\]/;
    await terminal.waitFor(pasted);
    await terminal.press("BSpace");
    await terminal.waitForGone(pasted);

    await terminal.sendBytes(...bracketed(path.join(cwd, "shot.png")));
    const chip = /\[image 1: shot\.png 1280×720, [\d.]+ KB\]/;
    await terminal.waitFor(chip);
    // The path itself went nowhere near the text of the request.
    expect(await terminal.screen()).not.toContain(`${cwd}/shot.png`);

    await terminal.press("BSpace");
    await terminal.waitForGone(chip);

    await terminal.sendBytes(...bracketed("'shot.png'"));
    await terminal.waitFor(chip);
    bed.server.enqueue({ text: "A dark blue picture." });
    await terminal.type("what colour is it?");
    await terminal.press("Enter");
    await terminal.waitFor("A dark blue picture.");
    expect(lastUserText(bed.server.chatBodies()[0])).toBe("what colour is it?");
    const [part] = bed.server.imageParts();
    expect(part?.mediaType).toBe("image/png");
    expect(part?.bytes.equals(shot)).toBe(true);
  }, 60_000);
});
