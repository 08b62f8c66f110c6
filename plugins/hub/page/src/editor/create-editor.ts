import { json } from "@codemirror/lang-json";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { Compartment, EditorSelection, EditorState, Prec } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { basicSetup } from "codemirror";
import type { Problem } from "../../../src/protocol.ts";
import { jsoncComments } from "./jsonc-comments.ts";
import { offsetOf, toDiagnostics } from "./positions.ts";
import { editorHighlighting, editorTheme } from "./theme.ts";
import { typedOverSelection } from "./typed-over-selection.ts";

export interface ConfigEditorHandle {
  text(): string;
  /** Replaces the whole text (a reload from disk), keeping the cursor where it can. */
  setText(text: string): void;
  /** Shows the hub's problems of `forText`; ignored when the text has changed since (a stale answer). */
  showProblems(forText: string, problems: readonly Problem[]): void;
  goTo(line: number, column: number): void;
  setDark(dark: boolean): void;
  setLabel(label: string): void;
  destroy(): void;
}

/**
 * CodeMirror 6 in a shadow root. Outside a shadow root CodeMirror's style-mod writes its styles into a
 * `<style>` element, which `style-src 'self'` forbids; in a shadow root it uses a constructed stylesheet
 * (`adoptedStyleSheets`, CSSOM), which CSP allows: no nonce needed.
 *
 * The JSON language gives the highlighting only: its parse linter is left out, because the hub's files are
 * JSON with comments and the hub's own `Validate` is the one judge.
 */
export function createConfigEditor(
  host: HTMLElement,
  options: { text: string; dark: boolean; label: string; onChange: (text: string) => void; onSave: () => void },
): ConfigEditorHandle {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  shadow.replaceChildren();
  const dark = new Compartment();
  const label = new Compartment();
  const contentLabel = (text: string) => EditorView.contentAttributes.of({ "aria-label": text });

  const view = new EditorView({
    root: shadow,
    parent: shadow,
    state: EditorState.create({
      doc: options.text,
      extensions: [
        basicSetup,
        json(),
        jsoncComments,
        typedOverSelection,
        lintGutter(),
        editorTheme,
        editorHighlighting,
        dark.of(EditorView.darkTheme.of(options.dark)),
        label.of(contentLabel(options.label)),
        // Before the browser's "save page as".
        Prec.highest(keymap.of([{ key: "Mod-s", preventDefault: true, run: () => (options.onSave(), true) }])),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  return {
    text: () => view.state.doc.toString(),
    setText(text) {
      if (text === view.state.doc.toString()) return;
      const head = Math.min(view.state.selection.main.head, text.length);
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        selection: EditorSelection.cursor(head),
      });
    },
    showProblems(forText, problems) {
      if (forText !== view.state.doc.toString()) return;
      view.dispatch(setDiagnostics(view.state, toDiagnostics(view.state.doc, problems)));
    },
    goTo(line, column) {
      const at = offsetOf(view.state.doc, line, column);
      view.dispatch({ selection: EditorSelection.cursor(at), scrollIntoView: true });
      view.focus();
    },
    setDark(value) {
      view.dispatch({ effects: dark.reconfigure(EditorView.darkTheme.of(value)) });
    },
    setLabel(text) {
      view.dispatch({ effects: label.reconfigure(contentLabel(text)) });
    },
    destroy: () => view.destroy(),
  };
}
