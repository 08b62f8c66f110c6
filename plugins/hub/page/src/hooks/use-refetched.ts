import { useEffect, useMemo, useState, type Dispatch, type SetStateAction } from "react";
import { errorMessage } from "../api.ts";
import { useHub } from "../hub-context.ts";
import { coalesce } from "./coalesce.ts";

export interface Refetched<T> {
  value: T | undefined;
  setValue: Dispatch<SetStateAction<T | undefined>>;
  /** Why the last fetch failed, or "". */
  error: string;
  /** Fetches again (calls that overlap are coalesced into one). */
  refresh: () => void;
}

/** A value the server holds, fetched when the event stream (re)opens and whenever `refresh` is called. */
export function useRefetched<T>(fetch: () => Promise<T>): Refetched<T> {
  const { generation } = useHub();
  const [value, setValue] = useState<T | undefined>(undefined);
  const [error, setError] = useState("");
  // `fetch` is a fixed service call: fetched with the first one given, as the hooks did by hand.
  const refresh = useMemo(
    () =>
      coalesce(async () => {
        try {
          setValue(await fetch());
          setError("");
        } catch (failure) {
          setError(errorMessage(failure));
        }
      }),
    [],
  );
  useEffect(() => {
    if (generation > 0) refresh();
  }, [generation, refresh]);
  return { value, setValue, error, refresh };
}
