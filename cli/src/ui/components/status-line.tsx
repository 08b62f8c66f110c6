import { Text } from "ink";
import { Fragment, type ReactNode } from "react";
import { t } from "../messages.ts";
import type { UISnapshot } from "../ui-store.ts";
import { Spinner } from "./spinner.tsx";

/**
 * The line above the input zone, always reserved so that the box never moves (seed § 15.5): « En réflexion » and
 * its spinner while the agent works, the parallel tools' progress, the label of what works besides the model
 * (« Sous-agent « x » au travail », the model list…), or an empty line. While a Bash call runs in the foreground it
 * says that Ctrl+B moves it to the background; at rest, how many commands run in the background.
 */
export function StatusLine({ snapshot }: { snapshot: UISnapshot }) {
  const { prompt, tools, activity, thinking, mode, sandbox, background } = snapshot;
  const working = prompt.kind === "busy" || thinking || tools !== null;
  const running = background.running > 0 ? <Text color="cyan">{t("backgroundCount", { count: background.running })}</Text> : null;
  if (!working || prompt.kind === "confirm" || prompt.kind === "question" || prompt.kind === "select" || prompt.kind === "hidden") {
    // At rest the line tells a mode other than the default, and how to leave it, then whether Bash is sandboxed,
    // then the commands running in the background.
    const flags: ReactNode[] = [];
    if (mode === "acceptEdits") flags.push(<Text color="magentaBright">{t("modeAcceptEdits")}</Text>);
    if (mode === "plan") flags.push(<Text color="cyanBright">{t("modePlan")}</Text>);
    if (sandbox !== undefined) flags.push(sandbox === "on" ? <Text dimColor>{t("sandboxOn")}</Text> : <Text color="yellow">{t("sandboxOff")}</Text>);
    if (running) flags.push(running);
    if (flags.length === 0) return <Text> </Text>;
    return (
      <Text wrap="truncate">
        {flags.map((flag, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the flags are a fixed sequence, never reordered.
          <Fragment key={index}>
            {index > 0 ? <Text dimColor> · </Text> : null}
            {flag}
          </Fragment>
        ))}
      </Text>
    );
  }
  const label = tools
    ? t("parallelTools", { done: tools.done, total: tools.names.length, names: tools.names.join(", ") })
    : (activity ?? t("thinking"));
  return (
    <Text wrap="truncate">
      <Spinner name="dots10" color="yellowBright" /> <Text color="yellowBright">{label}</Text>
      {background.foreground > 0 ? <Text dimColor> · {t("backgroundHint")}</Text> : null}
      {running ? <Text dimColor> · </Text> : null}
      {running}
    </Text>
  );
}
