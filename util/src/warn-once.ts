/**
 * A warning said once per distinct message for as long as the returned function lives (one plugin's lifetime):
 * a settings file with a mistake is read again at each session start and each reload, and the user needs to be
 * told once, not at every turn. Plugins pass their logger's `warn`:
 * `const warnOnce = createWarnOnce((message) => context.log.warn(message));`
 */
export function createWarnOnce(say: (message: string) => void): (message: string) => void {
  const said = new Set<string>();
  return (message) => {
    if (said.has(message)) return;
    said.add(message);
    say(message);
  };
}
