import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AgentCommand, Conversation } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import { applyDelta, applyEvent, type ReplayableEvent } from "../chat/conversation-state.ts";
import { useHub } from "../hub-context.ts";
import { coalesce } from "./coalesce.ts";
import { useHubEvent } from "./use-hub-event.ts";

export interface ConversationView {
  /** Undefined until the first `Conversation(agent)` answers. */
  conversation: Conversation | undefined;
  /** Why it could not be fetched, or "". */
  error: string;
  /** Asks the hub again for the agent's slash commands (it sends no event when they change). */
  refreshCommands(): void;
}

/**
 * `ChatService.Conversation(agent)`: the agent's current thread, fetched when the agent is chosen, each time the
 * event stream (re)opens (a reload, a reconnection: the hub holds the conversation) and when the agent's current
 * thread changes, then kept up to date from the events of that thread. The model lives in a ref and is handed to
 * React at most once per animation frame, so a fast stream of deltas costs one render per frame rather than one
 * per chunk.
 */
export function useConversation(agent: string | undefined): ConversationView {
  const { generation } = useHub();
  const [conversation, setConversation] = useState<Conversation | undefined>(undefined);
  const [error, setError] = useState("");
  const model = useRef<Conversation | undefined>(undefined);
  // Events that arrive while a fetch is in flight, replayed over its answer; undefined when none is.
  const pending = useRef<ReplayableEvent[] | undefined>(undefined);
  const frame = useRef<number | undefined>(undefined);
  const current = useRef(agent);
  current.current = agent;

  const commit = useCallback((): void => {
    if (frame.current !== undefined) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = undefined;
      setConversation(model.current);
    });
  }, []);

  useEffect(
    () => () => {
      if (frame.current !== undefined) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const refetch = useMemo(
    () =>
      coalesce(async () => {
        const name = current.current;
        if (name === undefined) return;
        pending.current = [];
        try {
          const fetched = await call("ChatService", "Conversation", name);
          if (current.current !== name) return;
          const ofThread = (pending.current ?? []).filter((event) => event.payload.thread === fetched.thread);
          model.current = ofThread.reduce(applyEvent, fetched);
          setError("");
        } catch (failure) {
          if (current.current === name) setError(errorMessage(failure));
        } finally {
          pending.current = undefined;
        }
        commit();
      }),
    [commit],
  );

  useEffect(() => {
    model.current = undefined;
    setConversation(undefined);
    setError("");
  }, [agent]);

  useEffect(() => {
    if (generation > 0 && agent !== undefined) refetch();
  }, [generation, agent, refetch]);

  const refreshCommands = useMemo(
    () =>
      coalesce(async () => {
        const name = current.current;
        if (name === undefined) return;
        let commands: AgentCommand[];
        try {
          commands = (await call("ChatService", "Conversation", name)).commands;
        } catch {
          return; // The list stays as it was; the conversation's own errors are shown by the main fetch.
        }
        if (current.current !== name || !model.current) return;
        model.current = { ...model.current, commands };
        commit();
      }),
    [commit],
  );

  const replayable = (event: ReplayableEvent): void => {
    if (event.payload.agent !== current.current) return;
    if (pending.current) pending.current.push(event);
    // Another thread of this agent (running in the background): its events are not this conversation's.
    if (!model.current || event.payload.thread !== model.current.thread) return;
    model.current = applyEvent(model.current, event);
    commit();
  };

  useHubEvent("message:updated", (payload) => replayable({ name: "message:updated", payload }));
  useHubEvent("turn:changed", (payload) => {
    replayable({ name: "turn:changed", payload });
    // A turn that ends is when the agent has most likely sent its commands: they have no event of their own.
    if (!payload.busy && payload.agent === current.current) refreshCommands();
  });
  // Another thread made current (here, in another page, or by a notification): that thread is fetched.
  useHubEvent("thread:changed", (payload) => {
    if (payload.agent === current.current && model.current && payload.current !== model.current.thread) refetch();
  });
  useHubEvent("permission:requested", (payload) => replayable({ name: "permission:requested", payload }));
  useHubEvent("permission:resolved", (payload) => replayable({ name: "permission:resolved", payload }));
  useHubEvent("usage:changed", (payload) => replayable({ name: "usage:changed", payload }));
  useHubEvent("message:delta", (delta) => {
    if (delta.agent !== current.current || pending.current || !model.current || delta.thread !== model.current.thread) return;
    const next = applyDelta(model.current, delta);
    if (next === undefined) {
      refetch(); // A delta for a message this page never saw: an event was missed.
      return;
    }
    model.current = next;
    commit();
  });

  return { conversation, error, refreshCommands };
}
