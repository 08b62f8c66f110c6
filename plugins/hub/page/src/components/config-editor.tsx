import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
import { createConfigEditor, type ConfigEditorHandle } from "../editor/create-editor.ts";
import { useT } from "../i18n/locale-context.ts";

/** The React side of the editor: CodeMirror owns its DOM; the parent drives it through the handle. */
export function ConfigEditor({
  ref,
  initialText,
  dark,
  onChange,
  onSave,
}: {
  ref: Ref<ConfigEditorHandle | null>;
  initialText: string;
  dark: boolean;
  onChange: (text: string) => void;
  /** Ctrl+S / ⌘S in the editor. */
  onSave: () => void;
}) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<ConfigEditorHandle | null>(null);
  const latestChange = useRef(onChange);
  latestChange.current = onChange;
  const latestSave = useRef(onSave);
  latestSave.current = onSave;
  const label = t("editor.label");

  useEffect(() => {
    if (!host.current) return;
    const created = createConfigEditor(host.current, {
      text: initialText,
      dark,
      label,
      onChange: (text) => latestChange.current(text),
      onSave: () => latestSave.current(),
    });
    editor.current = created;
    return () => {
      created.destroy();
      editor.current = null;
    };
    // Created once: later texts, themes and labels go through the handle, not a new editor.
  }, []);

  useEffect(() => editor.current?.setDark(dark), [dark]);
  useEffect(() => editor.current?.setLabel(label), [label]);
  useImperativeHandle(ref, () => ({
    text: () => editor.current?.text() ?? "",
    setText: (text) => editor.current?.setText(text),
    showProblems: (forText, problems) => editor.current?.showProblems(forText, problems),
    goTo: (line, column) => editor.current?.goTo(line, column),
    setDark: (value) => editor.current?.setDark(value),
    setLabel: (text) => editor.current?.setLabel(text),
    destroy: () => undefined,
  }));

  return <div ref={host} className="config-editor" data-testid="config-editor" />;
}
