import type { ConfigCurrent } from "../../../src/protocol.ts";
import { useT } from "../i18n/locale-context.ts";

/** What `Current()` says about the file in use. */
export function ConfigSummary({ current }: { current: ConfigCurrent }) {
  const t = useT();
  return (
    <div className="config-summary">
      <p>
        <span className="muted">{t("settings.file")}</span>{" "}
        <span className="path" data-testid="config-path">
          {current.path}
        </span>{" "}
        <span className="muted">({t(`source.${current.source}`)})</span>
      </p>
      {current.created ? <p className="notice notice-info">{t("settings.created")}</p> : null}
      {current.valid ? null : (
        <p className="notice notice-danger" data-testid="config-invalid">
          {t("settings.invalidOnDisk")}
        </p>
      )}
    </div>
  );
}
