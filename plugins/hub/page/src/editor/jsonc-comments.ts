import { RangeSetBuilder } from "@codemirror/state";
import { Decoration, type DecorationSet, EditorView, ViewPlugin, type ViewUpdate } from "@codemirror/view";

const comment = Decoration.mark({ class: "cm-jsonc-comment" });

/**
 * The hub's configuration is JSON with comments, which the JSON grammar does not know: it would show them as
 * ordinary (or broken) tokens. This marks `//` and `/* *\/` comments, outside strings, so the theme can grey
 * them out. Configuration files are small: a scan of the whole text per change is cheap.
 */
function findComments(text: string): DecorationSet {
  const builder = new RangeSetBuilder<Decoration>();
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '"') {
      i += 1;
      while (i < text.length && text[i] !== '"' && text[i] !== "\n") i += text[i] === "\\" ? 2 : 1;
      i += 1;
    } else if (char === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      const to = end === -1 ? text.length : end;
      builder.add(i, to, comment);
      i = to;
    } else if (char === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const to = end === -1 ? text.length : end + 2;
      builder.add(i, to, comment);
      i = to;
    } else {
      i += 1;
    }
  }
  return builder.finish();
}

export const jsoncComments = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = findComments(view.state.doc.toString());
    }
    update(update: ViewUpdate): void {
      if (update.docChanged) this.decorations = findComments(update.state.doc.toString());
    }
  },
  { decorations: (plugin) => plugin.decorations },
);
