import path from "node:path";
import { t } from "./messages.ts";
import type { StateView } from "./sandbox-state.ts";

/** `/sandbox` and `maia sandbox`: the state, the resolved boundary, the settings in force, the last refusals. */
export function formatView(view: StateView, homeDir: string): string {
  const lines: string[] = [];
  const shown = (target: string) => (target === homeDir || target.startsWith(`${homeDir}${path.sep}`) ? `~${target.slice(homeDir.length)}` : target);
  if (view.state === "on") lines.push(t("stateOn", { platform: view.platform ?? "" }));
  else if (view.state === "off") lines.push(view.files.length > 0 ? t("stateOff", { files: view.files.map(shown).join(", ") }) : t("stateOffNoFile"));
  else lines.push(t("stateUnavailable", { why: `${view.why ?? ""}${view.install ? `. ${t("installHint", { install: view.install }).trim()}` : ""}` }));
  const { boundary, settings } = view;
  if (boundary) {
    lines.push(t("sectionWrites", { places: [...boundary.writable.map(shown), "$TMPDIR"].join(", ") }));
    lines.push(t("sectionProtected", { places: boundary.readOnly.map(shown).join(", ") }));
    lines.push(t("sectionSecrets", { places: boundary.denyRead.map(shown).join(", ") }));
    const { network } = boundary;
    const what = network.allowedDomains.length === 0 || view.networkReachable === false ? t("networkOff") : t("networkDomains", { domains: network.allowedDomains.join(", ") });
    lines.push(t("sectionNetwork", { what: `${what}${network.deniedDomains.length > 0 ? t("denied", { domains: network.deniedDomains.join(", ") }) : ""}` }));
    lines.push(t("localBinding", { state: network.allowLocalBinding ? t("allowed") : t("blocked") }));
    lines.push(t("unixSockets", { state: network.allowAllUnixSockets ? t("allowed") : t("blocked") }));
    lines.push(t("envLine", { kept: boundary.allowEnvVars.length > 0 ? t("envKept", { names: boundary.allowEnvVars.join(", ") }) : "" }));
  }
  lines.push(
    t("settingsLine", {
      auto: String(settings.autoAllowBashIfSandboxed === true && view.state === "on"),
      unsandboxed: String(settings.allowUnsandboxedCommands !== false),
      fail: String(settings.failIfUnavailable === true),
    }),
  );
  if ((settings.excludedCommands ?? []).length > 0) lines.push(t("excludedLine", { commands: (settings.excludedCommands ?? []).join(", ") }));
  lines.push(view.files.length > 0 ? t("settingsFiles", { files: view.files.map(shown).join(", ") }) : t("noSettingsFiles"));
  if (view.refusals.length === 0) lines.push(t("noRefusals"));
  else {
    lines.push(t("refusalsTitle"));
    for (const refusal of view.refusals) {
      const time = new Date(refusal.at).toTimeString().slice(0, 8);
      if (refusal.host !== undefined) lines.push(t("refusalHost", { time, host: refusal.host, port: refusal.port ?? 0 }));
      else lines.push(t("refusalCommand", { time, command: refusal.command ?? "", why: refusal.why ?? "" }));
    }
  }
  return lines.join("\n");
}
