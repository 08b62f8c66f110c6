import type { InteractionPort } from "@maia/kernel";

/**
 * The session's interaction port, with `notify(message)` called as each confirmation starts waiting (users'
 * Notification hooks: a desktop notification while MAIA waits for a yes). The question is asked at once: the
 * notification never delays it. A port nobody can answer (headless) is returned as it is.
 */
export function notifyingPort(port: InteractionPort, notify: (message: string) => void): InteractionPort {
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
    wrapped.ask = (message, signal) => {
      notify(message);
      return ask(message, signal);
    };
  }
  if (port.select) wrapped.select = port.select.bind(port);
  if (port.input) wrapped.input = port.input.bind(port);
  return wrapped;
}
