// Images end to end through the built bundle (issue 38): `maia -p --image`, refusal for a model without vision,
// scaling in the worker thread of dist/image-worker.cjs. The fake LiteLLM server decodes the parts it received.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { identifyImage, IMAGE_LIMITS } from "@maia/images";
import { makePng, noisyPng } from "@maia/images/testing";
import { describe, expect, it } from "vitest";
import { maiaPerTest, runMaia, streamEvents } from "@maia/testing-maia";

const bed = maiaPerTest(() => startFakeLiteLLM({ models: ["eye", "blind"], modelInfo: { eye: { supports_vision: true } } }));

describe("maia -p --image (issue 38)", () => {
  it("sends each image as an image_url data URI after the text; stream-json names them without their bytes", async () => {
    const shot = makePng(1280, 720);
    const icon = makePng(32, 32, { pixel: () => [255, 0, 0] });
    await writeFile(path.join(bed.cwd, "shot.png"), shot);
    await writeFile(path.join(bed.cwd, "icon.png"), icon);
    bed.server.enqueue({ text: "A red square." });
    const run = await runMaia(["-p", "what is wrong here?", "--model", "eye", "--image", "shot.png", "--image", "icon.png", "--output-format", "stream-json"], bed);
    expect(run.code).toBe(0);
    const parts = bed.server.imageParts();
    expect(parts.map(({ mediaType, text, message }) => ({ mediaType, text, message }))).toEqual([
      { mediaType: "image/png", text: "what is wrong here?", message: 1 },
      { mediaType: "image/png", text: "what is wrong here?", message: 1 },
    ]);
    expect(parts[0]?.bytes.equals(shot)).toBe(true);
    expect(parts[1]?.bytes.equals(icon)).toBe(true);
    const images = streamEvents(run.stdout).find((event) => event.type === "images");
    expect(images).toEqual({
      type: "images",
      images: [
        { mediaType: "image/png", hash: expect.stringMatching(/^[0-9a-f]{64}$/), name: "shot.png", width: 1280, height: 720, size: shot.byteLength },
        { mediaType: "image/png", hash: expect.stringMatching(/^[0-9a-f]{64}$/), name: "icon.png", width: 32, height: 32, size: icon.byteLength },
      ],
    });
    expect(run.stdout).not.toContain(shot.toString("base64").slice(0, 40));
  });

  it("scales a 10 MB PNG down under the cap in the bundle's worker before sending it", async () => {
    const big = noisyPng(1900, 1800);
    expect(big.byteLength).toBeGreaterThan(10_000_000);
    await writeFile(path.join(bed.cwd, "big.png"), big);
    bed.server.enqueue({ text: "noise" });
    const run = await runMaia(["-p", "look", "--model", "eye", "--image", "big.png"], { ...bed, timeoutMs: 90_000 });
    expect(run).toMatchObject({ code: 0, stdout: "noise\n" });
    const [part] = bed.server.imageParts();
    expect(part?.bytes.byteLength).toBeLessThanOrEqual(IMAGE_LIMITS.maxBytes);
    const sent = identifyImage(part?.bytes ?? Buffer.alloc(0));
    expect(sent).toMatchObject({ kind: "image", mediaType: part?.mediaType });
    if (sent.kind === "image") expect(Math.max(sent.width, sent.height)).toBeLessThanOrEqual(IMAGE_LIMITS.maxSide);
  });

  it("refuses the request for a model without vision, naming the model and the setting, and sends nothing", async () => {
    await writeFile(path.join(bed.cwd, "shot.png"), makePng(64, 48));
    const run = await runMaia(["-p", "what is this?", "--model", "blind", "--image", "shot.png"], bed);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("The model blind does not take images");
    expect(run.stderr).toContain(`"Vision": true in ${path.join(bed.home, ".maia", "settings.json")}`);
    expect(bed.server.chatBodies()).toEqual([]);
  });

  it("sends images to a model /model/info knows nothing of when settings.json says Vision: true", async () => {
    bed.server.writeSettings(bed.home, { Vision: true });
    await writeFile(path.join(bed.cwd, "shot.png"), makePng(64, 48));
    bed.server.enqueue({ text: "seen" });
    const run = await runMaia(["-p", "what is this?", "--model", "blind", "--image", "shot.png"], bed);
    expect(run).toMatchObject({ code: 0, stdout: "seen\n" });
    expect(bed.server.imageParts()).toHaveLength(1);
  });

  it("says which --image cannot be used and sends nothing", async () => {
    await writeFile(path.join(bed.cwd, "notes.png"), "not an image");
    const missing = await runMaia(["-p", "q", "--model", "eye", "--image", "nope.png"], bed);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("--image: nope.png: no such file.");
    const wrong = await runMaia(["-p", "q", "--model", "eye", "--image", "notes.png"], bed);
    expect(wrong.stderr).toContain("notes.png is not an image MAIA can send (PNG, JPEG, GIF or WebP).");
    expect(bed.server.chatBodies()).toEqual([]);
  });
});
