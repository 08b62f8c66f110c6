import { EditorView } from "@codemirror/view";

/**
 * Text typed over a selection, applied by CodeMirror instead of the browser. Chromium's own editing, when it
 * deletes a selection that spans several styled spans, writes `style="…"` attributes into the editor's DOM to
 * keep their look; `style-src 'self'` refuses them (a CSP violation on the console each time), and CodeMirror
 * redraws the line anyway. Doing the replacement here leaves the DOM to CodeMirror alone. The editor's input
 * handlers (auto-closed brackets and quotes, which wrap a selection) still get the first say.
 */
export const typedOverSelection = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (event.inputType !== "insertText" || event.isComposing || event.data === null) return false;
    if (view.state.selection.ranges.every((range) => range.empty)) return false;
    const text = event.data;
    event.preventDefault();
    const { from, to } = view.state.selection.main;
    const insert = () => view.state.update(view.state.replaceSelection(text), { userEvent: "input.type", scrollIntoView: true });
    const handled = view.state.facet(EditorView.inputHandler).some((handler) => handler(view, from, to, text, insert));
    if (!handled) view.dispatch(insert());
    return true;
  },
});
