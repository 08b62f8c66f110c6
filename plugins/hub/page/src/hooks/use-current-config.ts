import { useEffect, useMemo, useState } from "react";
import type { ConfigCurrent } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import { useHub } from "../hub-context.ts";
import { coalesce } from "./coalesce.ts";
import { useHubEvent } from "./use-hub-event.ts";

export interface CurrentConfig {
  current: ConfigCurrent | undefined;
  error: string;
  /** After `Open(path)`, which answers the new `Current()` itself. */
  replace(current: ConfigCurrent): void;
}

/** `ConfigService.Current()`, refetched when the stream (re)opens and on every `config:changed`. */
export function useCurrentConfig(): CurrentConfig {
  const { generation } = useHub();
  const [current, setCurrent] = useState<ConfigCurrent | undefined>(undefined);
  const [error, setError] = useState("");

  const refresh = useMemo(
    () =>
      coalesce(async () => {
        try {
          setCurrent(await call("ConfigService", "Current"));
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

  useHubEvent("config:changed", refresh);

  return { current, error, replace: setCurrent };
}
