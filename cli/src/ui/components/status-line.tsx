import { Text } from "ink";
import { t } from "../messages.ts";
import type { UISnapshot } from "../ui-store.ts";
import { Spinner } from "./spinner.tsx";

/**
 * The line above the input zone, always reserved so that the box never moves (seed § 15.5): « En réflexion » and
 * its spinner while the agent works, the parallel tools' progress, the label of what works besides the model
 * (« Sous-agent « x » au travail », the model list…), or an empty line.
 */
export function StatusLine({ snapshot }: { snapshot: UISnapshot }) {
  const { prompt, tools, activity, thinking, mode, sandbox } = snapshot;
  const working = prompt.kind === "busy" || thinking || tools !== null;
  if (!working || prompt.kind === "confirm" || prompt.kind === "question" || prompt.kind === "select" || prompt.kind === "hidden") {
    // At rest the line tells a mode other than the default, and how to leave it, then whether Bash is sandboxed.
    const flag = sandbox === undefined ? null : sandbox === "on" ? <Text dimColor>{t("sandboxOn")}</Text> : <Text color="yellow">{t("sandboxOff")}</Text>;
    const separator = flag ? <Text dimColor> · </Text> : null;
    if (mode === "acceptEdits")
      return (
        <Text wrap="truncate">
          <Text color="magentaBright">{t("modeAcceptEdits")}</Text>
          {separator}
          {flag}
        </Text>
      );
    if (mode === "plan")
      return (
        <Text wrap="truncate">
          <Text color="cyanBright">{t("modePlan")}</Text>
          {separator}
          {flag}
        </Text>
      );
    return flag ? <Text wrap="truncate">{flag}</Text> : <Text> </Text>;
  }
  const label = tools
    ? t("parallelTools", { done: tools.done, total: tools.names.length, names: tools.names.join(", ") })
    : (activity ?? t("thinking"));
  return (
    <Text wrap="truncate">
      <Spinner name="dots10" color="yellowBright" /> <Text color="yellowBright">{label}</Text>
    </Text>
  );
}
