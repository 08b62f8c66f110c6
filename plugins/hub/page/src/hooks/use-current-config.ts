import type { ConfigCurrent } from "../../../src/protocol.ts";
import { call } from "../api.ts";
import { useHubEvent } from "./use-hub-event.ts";
import { useRefetched } from "./use-refetched.ts";

export interface CurrentConfig {
  current: ConfigCurrent | undefined;
  error: string;
  /** After `Open(path)`, which answers the new `Current()` itself. */
  replace(current: ConfigCurrent): void;
}

/** `ConfigService.Current()`, refetched when the stream (re)opens and on every `config:changed`. */
export function useCurrentConfig(): CurrentConfig {
  const { value: current, setValue, error, refresh } = useRefetched(() => call("ConfigService", "Current"));
  useHubEvent("config:changed", refresh);
  return { current, error, replace: setValue };
}
