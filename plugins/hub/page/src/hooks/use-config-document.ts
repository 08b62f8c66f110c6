import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { Problem } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import type { ConfigEditorHandle } from "../editor/create-editor.ts";
import { useHub } from "../hub-context.ts";
import { useHubEvent } from "./use-hub-event.ts";

/** The seed's settings view validates as the user types, this long after the last keystroke. */
const VALIDATE_DELAY_MS = 250;

interface Checked {
  /** The text these problems belong to: an answer for an older text is never shown as current. */
  forText: string;
  problems: Problem[];
  warnings: Problem[];
}

export interface ConfigDocument {
  /** The file's text as last loaded or saved; undefined until the first load. */
  baseline: string | undefined;
  text: string;
  setText(text: string): void;
  dirty: boolean;
  checking: boolean;
  valid: boolean;
  problems: Problem[];
  warnings: Problem[];
  /** The file changed on disk while the editor held unsaved changes. */
  diskChanged: boolean;
  saving: boolean;
  /** True from a successful save until the next edit. */
  saved: boolean;
  error: string;
  save(): Promise<void>;
  /** Loads `Content()`; unless `force`, unsaved changes are kept and `diskChanged` raised instead. */
  load(force: boolean): Promise<void>;
}

/** The configuration text being edited: its file, its validation by the hub, saving, and changes on disk. */
export function useConfigDocument(editor: RefObject<ConfigEditorHandle | null>): ConfigDocument {
  const { generation } = useHub();
  const [baseline, setBaseline] = useState<string | undefined>(undefined);
  const [text, setText] = useState("");
  const [checked, setChecked] = useState<Checked | undefined>(undefined);
  const [diskChanged, setDiskChanged] = useState(false);
  const [saving, setSaving] = useState(false);
  const [savedText, setSavedText] = useState<string | undefined>(undefined);
  const [error, setError] = useState("");
  const dirty = baseline !== undefined && text !== baseline;

  // The event handlers below run outside render: they read the latest values here.
  const latest = useRef({ dirty, text, baseline });
  latest.current = { dirty, text, baseline };

  const load = useCallback(
    async (force: boolean) => {
      let content: string;
      try {
        content = await call("ConfigService", "Content");
      } catch (failure) {
        setError(errorMessage(failure));
        return;
      }
      setError("");
      const now = latest.current;
      if (!force && now.dirty && content !== now.text) {
        if (content !== now.baseline) setDiskChanged(true);
        return;
      }
      setBaseline(content);
      setText(content);
      setDiskChanged(false);
      // "Saved" belongs to the text saved from here, not to a file opened or reloaded since.
      if (force) setSavedText(undefined);
      editor.current?.setText(content);
    },
    [editor],
  );

  useEffect(() => {
    if (generation > 0) void load(false);
  }, [generation, load]);
  useHubEvent("config:changed", () => void load(false));

  const loaded = baseline !== undefined;
  useEffect(() => {
    if (!loaded) return;
    let stale = false;
    const timer = setTimeout(() => {
      call("ConfigService", "Validate", text).then(
        (validation) => !stale && setChecked({ forText: text, ...validation }),
        (failure: unknown) => !stale && setError(errorMessage(failure)),
      );
    }, VALIDATE_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text, loaded, generation]);

  useEffect(() => {
    if (checked) editor.current?.showProblems(checked.forText, [...checked.problems, ...checked.warnings]);
  }, [checked, editor]);

  const current = checked?.forText === text ? checked : undefined;

  const save = useCallback(async () => {
    const toSave = latest.current.text;
    setSaving(true);
    setError("");
    try {
      const result = await call("ConfigService", "Save", toSave);
      setChecked({ forText: toSave, problems: result.problems, warnings: result.warnings });
      if (result.saved) {
        setBaseline(toSave);
        setSavedText(toSave);
        setDiskChanged(false);
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  }, []);

  return {
    baseline,
    text,
    setText,
    dirty,
    checking: loaded && current === undefined,
    valid: current !== undefined && current.problems.length === 0,
    problems: current?.problems ?? checked?.problems ?? [],
    warnings: current?.warnings ?? checked?.warnings ?? [],
    diskChanged,
    saving,
    saved: savedText === text && !dirty,
    error,
    save,
    load,
  };
}
