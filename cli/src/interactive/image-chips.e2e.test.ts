// The input box's image chips in a real terminal (issue 38): a pasted image path becomes a chip, Backspace at the
// start removes it, and the image goes with the request. One focused test: tmux tests are slow.
import { writeFile } from "node:fs/promises";
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

describe.skipIf(!ready)("image chips in the input box (issue 38)", () => {
  it("shows a pasted image path as a chip, removes it with Backspace at the start, and sends the image", async () => {
    const { terminal, cwd } = await bed.start({ lang: "en" });
    const shot = makePng(1280, 720, { pixel: () => [30, 60, 90] });
    await writeFile(path.join(cwd, "shot.png"), shot);
    await terminal.waitFor("Your request — /help: help");

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
