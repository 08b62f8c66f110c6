import type { AskDetail, InteractionPort } from "@maia/kernel";

/**
 * The session's interaction port, with `notify(message)` called as each confirmation starts waiting (users'
 * Notification hooks: a desktop notification while MAIA waits for a yes). The question is asked at once: the
 * notification never delays it. A port nobody can answer (headless) is returned as it is.
 */
export function notifyingPort(
  port: InteractionPort,
  notify: (message: string) => void,
  /**
   * Claude Code's PermissionRequest hooks, run as a tool confirmation is about to be asked: "yes" or "no" answers
   * it without the question, undefined lets it be asked.
   */
  permissionRequest?: (detail: AskDetail, signal?: AbortSignal) => Promise<"yes" | "no" | undefined>,
): InteractionPort {
  if (!port.canAsk) return port;
  const wrapped: InteractionPort = {
    ...port,
    canAsk: port.canAsk,
    confirm: (message, signal) => {
      notify(message);
      return port.confirm(message, signal);
    },
  };
  if (port.ask) {
    const ask = port.ask.bind(port);
    // Every argument passes through: the confirmation's detail (the diff, "always allow") included.
    wrapped.ask = async (message, signal, detail) => {
      const answer = detail && permissionRequest ? await permissionRequest(detail, signal) : undefined;
      if (answer !== undefined) return answer;
      notify(message);
      return ask(message, signal, detail);
    };
  }
  if (port.select) wrapped.select = port.select.bind(port);
  if (port.input) wrapped.input = port.input.bind(port);
  return wrapped;
}
