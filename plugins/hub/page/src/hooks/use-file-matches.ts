import { useEffect, useRef, useState } from "react";
import type { FileMatch } from "../../../src/protocol.ts";
import { call } from "../api.ts";

/**
 * `FileService.Complete(agent, query)` for the `@` being typed: the answer to the latest query only (answers to
 * queries typed over arrive late and are dropped). `query` undefined: no `@` is being typed.
 */
export function useFileMatches(agent: string, query: string | undefined): { matches: FileMatch[]; loading: boolean } {
  const [matches, setMatches] = useState<FileMatch[]>([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  useEffect(() => {
    if (query === undefined) {
      setMatches([]);
      setLoading(false);
      return;
    }
    const ask = ++latest.current;
    setLoading(true);
    call("FileService", "Complete", agent, query).then(
      (found) => {
        if (ask !== latest.current) return;
        setMatches(found);
        setLoading(false);
      },
      () => {
        if (ask !== latest.current) return;
        setMatches([]);
        setLoading(false);
      },
    );
  }, [agent, query]);
  return { matches, loading };
}
