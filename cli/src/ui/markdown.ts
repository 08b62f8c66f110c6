/**
 * The model's answers as formatted Markdown (seed § 15.3), through markdansi — everything about it is in this
 * file (to remove it: delete the file and the dependency, and show the text as it is).
 *
 * markdansi (and the Markdown parser it brings) is loaded apart, when first needed: building its parser costs
 * tens of milliseconds and a few megabytes that neither the input box nor an idle session should pay for. The
 * interactive UI starts `loadMarkdown()` when the first request is sent, and its log holds back a Markdown entry
 * until `markdownReady()` says the renderer is there (a `--resume` history, a command's text); elsewhere, text
 * is shown as written until it is loaded.
 *
 * markdansi's one-shot `render` joins paragraphs without a blank line; its streamer, fed the whole answer at
 * once, renders block by block and keeps one blank line between blocks, which reads better in a terminal.
 */
type Markdansi = typeof import("markdansi");

let markdansi: Markdansi | undefined;
let loading: Promise<void> | undefined;
let settled = false;

export function loadMarkdown(): Promise<void> {
  loading ??= import("markdansi").then(
    (module) => {
      markdansi = module;
      settled = true;
    },
    () => {
      settled = true; // Without the renderer, answers are shown as written (seed § 15.3: the fallback).
    },
  );
  return loading;
}

/** Undefined once Markdown can be drawn as it will stay (renderer loaded, or failed to load); else its load. */
export function markdownReady(): Promise<void> | undefined {
  return settled ? undefined : loadMarkdown();
}

export function renderMarkdown(markdown: string, width: number, env: NodeJS.ProcessEnv = process.env): string {
  if (markdownDisabled(env) || !markdansi) return markdown;
  try {
    const { createMarkdownStreamer, render } = markdansi;
    const options = { width: Math.max(20, width), color: !env.NO_COLOR, hyperlinks: false, wrap: true } as const;
    const streamer = createMarkdownStreamer({ render: (fragment) => render(fragment, options), spacing: "single" });
    const rendered = streamer.finish(markdown).replace(/^\n+/, "").replace(/\n+$/, "");
    // A renderer that swallowed a non-empty text is a failure too: show what the model wrote.
    return rendered.trim() === "" && markdown.trim() !== "" ? markdown : rendered;
  } catch {
    return markdown;
  }
}

/** MAIA_NO_MARKDOWN=1 (any value but empty, 0 or false) shows answers as the model wrote them. */
export function markdownDisabled(env: NodeJS.ProcessEnv): boolean {
  const value = env.MAIA_NO_MARKDOWN?.trim().toLowerCase();
  return value !== undefined && value !== "" && value !== "0" && value !== "false";
}
