// Images end to end through the built bundle (issue 38): `maia -p --image`, refusal for a model without vision,
// scaling in the worker thread of dist/image-worker.cjs. The fake LiteLLM server decodes the parts it received.
import { readdir, readFile, writeFile } from "node:fs/promises";
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

describe("images in a -p run's turn (issue 38)", () => {
  it("attaches @shot.png as an image after the text", async () => {
    const shot = makePng(800, 600);
    await writeFile(path.join(bed.cwd, "shot.png"), shot);
    bed.server.enqueue({ text: "A gradient." });
    const run = await runMaia(["-p", "what is in @shot.png?", "--model", "eye"], bed);
    expect(run).toMatchObject({ code: 0, stdout: "A gradient.\n" });
    const [part] = bed.server.imageParts();
    expect(part).toMatchObject({ mediaType: "image/png", text: "what is in @shot.png?", message: 1 });
    expect(part?.bytes.equals(shot)).toBe(true);
  });

  it("returns the image Read reads to the model, after the tool message, with its size in the tool's text", async () => {
    const shot = makePng(300, 200);
    await writeFile(path.join(bed.cwd, "ui.png"), shot);
    bed.server.enqueue({ toolCalls: [{ id: "call_read", name: "Read", arguments: { path: "ui.png" } }] }, { text: "A button." });
    const run = await runMaia(["-p", "look at ui.png", "--model", "eye", "--allow", "Read", "--output-format", "stream-json"], bed);
    expect(run.code).toBe(0);
    const second = bed.server.chatBodies()[1]?.messages ?? [];
    expect(second.at(-2)).toEqual({ role: "tool", tool_call_id: "call_read", content: expect.stringMatching(/^Image ui\.png \(PNG, 300×200 pixels, \d+ KB\), attached below\.$/) });
    const [part] = bed.server.imageParts();
    expect(part).toMatchObject({ request: 1, role: "user", mediaType: "image/png", text: "The images returned by the tool call call_read:" });
    expect(part?.bytes.equals(shot)).toBe(true);
    const result = streamEvents(run.stdout).find((event) => event.type === "tool_result");
    expect(result).toMatchObject({ images: [{ name: "ui.png", width: 300, height: 200, mediaType: "image/png" }] });
    expect(run.stdout).not.toContain(shot.toString("base64").slice(0, 40));
  });

  it("gives Read's image to a model without vision as text, and nothing of its bytes", async () => {
    await writeFile(path.join(bed.cwd, "ui.png"), makePng(300, 200));
    bed.server.enqueue({ toolCalls: [{ id: "call_read", name: "Read", arguments: { path: "ui.png" } }] }, { text: "Described." });
    const run = await runMaia(["-p", "look at ui.png", "--model", "blind", "--allow", "Read"], bed);
    expect(run.code).toBe(0);
    expect(bed.server.imageParts()).toEqual([]);
    expect(bed.server.chatBodies()[1]?.messages?.at(-1)).toMatchObject({
      role: "tool",
      content: expect.stringMatching(/^Image ui\.png \(PNG, 300×200 pixels, .+\), attached below\.\n\[image: ui\.png, 300×200\] \(not shown: this model does not take images\)$/),
    });
  });

  it("saves one file per distinct image, refers to it by hash, and --resume sends it again", async () => {
    const shot = makePng(640, 480);
    await writeFile(path.join(bed.cwd, "shot.png"), shot);
    await writeFile(path.join(bed.cwd, "same.png"), shot);
    await writeFile(path.join(bed.cwd, "other.png"), makePng(64, 64, { pixel: () => [1, 2, 3] }));
    bed.server.enqueue({ text: "first" }, { text: "second" });
    const first = await runMaia(["-p", "compare", "--model", "eye", "--image", "shot.png", "--image", "same.png", "--image", "other.png", "--output-format", "json"], bed);
    expect(first.code).toBe(0);
    const name = (JSON.parse(first.stdout) as { sessionName: string }).sessionName;
    const sessions = path.join(bed.cwd, ".maia", ".sessions");
    expect((await readdir(path.join(sessions, "images"))).sort()).toHaveLength(2);
    const saved = await readFile(path.join(sessions, `${name}.json`), "utf8");
    expect(saved).not.toContain(shot.toString("base64").slice(0, 40));
    expect(saved.length).toBeLessThan(4000);

    const again = await runMaia(["-p", "and now?", "--model", "eye", "--resume", name], bed);
    expect(again).toMatchObject({ code: 0, stdout: "second\n" });
    const resent = bed.server.imageParts().filter((part) => part.request === 1);
    expect(resent.map((part) => part.text)).toEqual(["compare", "compare", "compare"]);
    expect(resent[0]?.bytes.equals(shot)).toBe(true);
    expect(resent[1]?.bytes.equals(shot)).toBe(true);
  });
});
