import { useEffect, useMemo, useRef, useState } from "react";
import type { PromptCapabilities } from "../../../src/protocol.ts";
import { call } from "../api.ts";
import { useHub } from "../hub-context.ts";
import { coalesce } from "./coalesce.ts";
import { useHubEvent } from "./use-hub-event.ts";

const UNKNOWN: PromptCapabilities = { known: false, image: false, audio: false, embeddedContext: false, loadSession: false, listSessions: false };

/** `ChatService.Capabilities(agent)`: asked again each time the agent becomes ready (a start tells them anew). */
export function useCapabilities(agent: string): PromptCapabilities {
  const { generation } = useHub();
  const [capabilities, setCapabilities] = useState<PromptCapabilities>(UNKNOWN);
  const current = useRef(agent);
  current.current = agent;
  const refresh = useMemo(
    () =>
      coalesce(async () => {
        const name = current.current;
        try {
          const fetched = await call("ChatService", "Capabilities", name);
          if (current.current === name) setCapabilities(fetched);
        } catch {
          // Unknown, then: the hub refuses what the agent does not take when the message goes out.
        }
      }),
    [],
  );
  useEffect(() => {
    setCapabilities(UNKNOWN);
    if (generation > 0) refresh();
  }, [agent, generation, refresh]);
  useHubEvent("agent:state", (event) => {
    if (event.agent === current.current && event.state === "ready") refresh();
  });
  return capabilities;
}
