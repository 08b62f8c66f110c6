/**
 * Cuts long Markdown (a reloaded history, a long answer) into pieces of about `maxLines` source lines, at blank
 * lines outside code blocks. Ink lays a <Static> item out as one grid of styled cells: one 1,700-line text costs
 * hundreds of megabytes and half a second, the same text in pieces of 80 lines costs what one piece does.
 * A code block or a paragraph longer than twice the limit is cut inside (a code block is closed and reopened,
 * with its language), so that no piece grows without bound.
 */
export const CHUNK_LINES = 80;

const FENCE = /^\s{0,3}(`{3,}|~{3,})(.*)$/;

export function splitMarkdown(markdown: string, maxLines = CHUNK_LINES): string[] {
  const lines = markdown.split("\n");
  if (lines.length <= maxLines) return [markdown];
  const chunks: string[] = [];
  let current: string[] = [];
  let fence: { marker: string; opening: string } | undefined;
  const flush = () => {
    while (current.length > 0 && current.at(-1)?.trim() === "") current.pop();
    if (current.length > 0) chunks.push(current.join("\n"));
    current = [];
  };
  for (const line of lines) {
    const match = FENCE.exec(line);
    if (match) {
      const marker = match[1] ?? "```";
      if (!fence) fence = { marker, opening: line.trim() };
      else if (marker.startsWith(fence.marker[0] ?? "`") && marker.length >= fence.marker.length && (match[2] ?? "").trim() === "") fence = undefined;
    }
    if (current.length === 0 && line.trim() === "" && !fence) continue;
    current.push(line);
    const full = current.length >= maxLines;
    if (full && line.trim() === "" && !fence) flush();
    else if (current.length >= maxLines * 2) {
      // No blank line in sight (a long code block or paragraph): cut here, reopening the code block if in one.
      if (fence) current.push(fence.marker);
      flush();
      if (fence) current.push(fence.opening);
    }
  }
  flush();
  return chunks.length > 0 ? chunks : [markdown];
}
