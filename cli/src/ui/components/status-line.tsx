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
  const { prompt, tools, activity, thinking, mode } = snapshot;
  const working = prompt.kind === "busy" || thinking || tools !== null;
  if (!working || prompt.kind === "confirm" || prompt.kind === "question" || prompt.kind === "select" || prompt.kind === "hidden") {
    // At rest the line tells a mode other than the default, and how to leave it.
    if (mode === "acceptEdits") return <Text color="magentaBright">{t("modeAcceptEdits")}</Text>;
    if (mode === "plan") return <Text color="cyanBright">{t("modePlan")}</Text>;
    return <Text> </Text>;
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
