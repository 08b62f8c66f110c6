/**
 * The body of an AGENT.md (seed § 20.1): sections found by their Markdown titles, at any level. Titles are
 * compared without case or accents, and a trailing parenthesis is ignored (« Constraints (optional) »). A
 * section ends at the next title of the same or a higher level, or at another recognised title; titles inside
 * fenced code blocks do not count. HTML comments are removed before anything else (they are notes for the
 * author, never for the model). Pure; never throws.
 */
export type SectionId = "instructions" | "missions" | "constraints" | "output";

export const SECTION_IDS: readonly SectionId[] = ["instructions", "missions", "constraints", "output"];

/** Accepted titles, normalised (lower case, no accents, single spaces): English first, then French. */
const TITLES: Record<SectionId, readonly string[]> = {
  instructions: ["instructions system", "system instructions", "instructions systeme", "instructions du systeme"],
  missions: ["missions", "mission"],
  constraints: ["constraints", "constraint", "contraintes", "contrainte"],
  output: ["output", "output format", "sortie", "format de sortie"],
};

export interface Section {
  /** The section's text, trimmed, HTML comments removed. */
  text: string;
  /** Line of its title in the file. */
  line: number;
}

export interface SectionsResult {
  sections: Partial<Record<SectionId, Section>>;
  /** A recognised title met a second time: the line of each repeat. */
  duplicates: Array<{ id: SectionId; line: number; first: number }>;
}

interface Heading {
  level: number;
  id: SectionId | undefined;
  index: number;
}

/** `firstLine` is the file line of the body's first line, so that lines in messages are the file's. */
export function parseSections(body: string, firstLine = 1): SectionsResult {
  const lines = stripHtmlComments(body).split("\n").map((line) => line.replace(/\r$/, ""));
  const headings = findHeadings(lines);
  const sections: SectionsResult["sections"] = {};
  const duplicates: SectionsResult["duplicates"] = [];
  headings.forEach((heading, position) => {
    if (heading.id === undefined) return;
    const line = heading.index + firstLine;
    const existing = sections[heading.id];
    if (existing) {
      duplicates.push({ id: heading.id, line, first: existing.line });
      return;
    }
    const end = headings.slice(position + 1).find((next) => next.level <= heading.level || next.id !== undefined);
    const text = lines.slice(heading.index + 1, end?.index ?? lines.length).join("\n").trim();
    sections[heading.id] = { text, line };
  });
  return { sections, duplicates };
}

/** The recognised section a title names, if any. */
export function sectionOfTitle(title: string): SectionId | undefined {
  const normalised = normaliseTitle(title);
  return SECTION_IDS.find((id) => TITLES[id].includes(normalised));
}

/** Lower case, no accents, no trailing `(…)`, `:` or closing `#`s, single spaces. */
export function normaliseTitle(title: string): string {
  let text = title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
  // A trailing parenthesis is a precision for the reader: « Constraints (optional) ».
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(/\s*\([^()]*\)$/, "").replace(/\s*:$/, "").trim();
  }
  return text;
}

/** ATX titles (`#` to `######`) outside fenced code blocks (``` or ~~~, closed by a fence as long or longer). */
function findHeadings(lines: readonly string[]): Heading[] {
  const headings: Heading[] = [];
  let fence: { char: string; length: number } | undefined;
  lines.forEach((line, index) => {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      const marker = fenceMatch?.[1];
      if (marker && marker[0] === fence.char && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      return;
    }
    if (fenceMatch?.[1]) {
      const marker = fenceMatch[1];
      // A backtick fence whose info string holds a backtick is not a fence (CommonMark).
      if (!(marker[0] === "`" && line.slice(line.indexOf(marker) + marker.length).includes("`"))) {
        fence = { char: marker[0] ?? "`", length: marker.length };
        return;
      }
    }
    const heading = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/.exec(line);
    if (!heading?.[1]) return;
    const title = (heading[2] ?? "").replace(/(?:^|[ \t]+)#+$/, "");
    headings.push({ level: heading[1].length, id: sectionOfTitle(title), index });
  });
  return headings;
}

/** Removes `<!-- … -->` (over several lines too), keeping the line breaks so that line numbers stay right. */
export function stripHtmlComments(text: string): string {
  return text.replace(/<!--[\s\S]*?(?:-->|$)/g, (comment) => comment.replace(/[^\n]/g, ""));
}
