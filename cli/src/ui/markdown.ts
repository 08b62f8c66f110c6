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

function renderOptions(width: number, env: NodeJS.ProcessEnv) {
  return { width: Math.max(20, width), color: !env.NO_COLOR, hyperlinks: false, wrap: true } as const;
}

export function renderMarkdown(markdown: string, width: number, env: NodeJS.ProcessEnv = process.env): string {
  if (markdownDisabled(env) || !markdansi) return markdown;
  try {
    const { createMarkdownStreamer, render } = markdansi;
    const options = renderOptions(width, env);
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

/**
 * A streamed answer formatted as it comes (one piece of it, see markdown-chunks.ts): complete lines go in, and the
 * formatted lines of the blocks they close come out — markdansi's streamer renders block by block, so the lines
 * that come out are exactly those `renderMarkdown` makes of the same text at once. A block not closed yet (a code
 * block, a table, a line that may be a table's header) is held: `open()` gives its lines, to show as written.
 */
export interface BlockStreamer {
  /** One complete line (no new line in it); returns the formatted lines it closes, each ending with "\n". */
  line(line: string): string;
  /** The piece is over: what it held, formatted. */
  finish(): string;
  /** The lines given that are not formatted yet, oldest first. */
  open(): readonly string[];
}

/**
 * Undefined when answers are shown as written (MAIA_NO_MARKDOWN, or the renderer not loaded). `width` is read as
 * each block is formatted: a resized terminal gets the blocks that close after it at its new width.
 */
export function createBlockStreamer(width: () => number, env: NodeJS.ProcessEnv): BlockStreamer | undefined {
  if (markdownDisabled(env) || !markdansi) return undefined;
  const { createMarkdownStreamer, render } = markdansi;
  const open: string[] = [];
  // Blank lines close what was held and are never held themselves (the streamer only counts them for spacing).
  const dropBlanks = () => {
    while (open.length > 0 && open[0]?.trim() === "") open.shift();
  };
  const streamer = createMarkdownStreamer({
    spacing: "single",
    // The streamer hands over each block as the exact lines it was given: those are no longer open.
    render: (fragment) => {
      dropBlanks();
      open.splice(0, fragment.replace(/\n$/, "").split("\n").length);
      try {
        return render(fragment, renderOptions(width(), env));
      } catch {
        return fragment; // A block the renderer fails on is shown as the model wrote it.
      }
    },
  });
  return {
    line(line) {
      open.push(line);
      const formatted = streamer.push(`${line}\n`);
      dropBlanks();
      return formatted;
    },
    finish() {
      const formatted = streamer.finish();
      open.length = 0;
      return formatted;
    },
    open: () => open,
  };
}
