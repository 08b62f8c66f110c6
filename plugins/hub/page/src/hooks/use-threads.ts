import { useEffect, useMemo, useRef, useState } from "react";
import type { ThreadInfo, ThreadList } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import { useHub } from "../hub-context.ts";
import { coalesce } from "./coalesce.ts";
import { useHubEvent } from "./use-hub-event.ts";

export interface Threads {
  list: ThreadList | undefined;
  error: string;
}

/** Newest activity first, as `ThreadService.List` orders them. */
function ordered(threads: ThreadInfo[]): ThreadInfo[] {
  return [...threads].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.createdAt.localeCompare(a.createdAt));
}

/** `ThreadService.List(agent)`, fetched when the agent is chosen and the stream (re)opens, kept up to date by `thread:changed`. */
export function useThreads(agent: string): Threads {
  const { generation } = useHub();
  const [list, setList] = useState<ThreadList | undefined>(undefined);
  const [error, setError] = useState("");
  const current = useRef(agent);
  current.current = agent;

  const refresh = useMemo(
    () =>
      coalesce(async () => {
        const name = current.current;
        try {
          const fetched = await call("ThreadService", "List", name);
          if (current.current === name) {
            setList(fetched);
            setError("");
          }
        } catch (failure) {
          if (current.current === name) setError(errorMessage(failure));
        }
      }),
    [],
  );

  useEffect(() => {
    setList(undefined);
    setError("");
  }, [agent]);
  useEffect(() => {
    if (generation > 0) refresh();
  }, [generation, agent, refresh]);

  useHubEvent("thread:changed", (event) => {
    if (event.agent !== current.current) return;
    setList((previous) => {
      if (!previous) return previous;
      const others = previous.threads.filter((thread) => thread.id !== event.thread);
      return { ...previous, current: event.current, threads: event.info ? ordered([...others, event.info]) : others };
    });
  });
  // A thread gone (deleted, or its file found damaged when opened, which the list then names): fetched again.
  useHubEvent("thread:changed", (event) => {
    if (event.agent === current.current && !event.info) refresh();
  });

  return { list, error };
}
