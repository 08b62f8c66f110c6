import type { Locale } from "../i18n/catalogue.ts";
import { useT } from "../i18n/locale-context.ts";
import { GlobeIcon } from "./icons.tsx";

/**
 * Overrides the configured language in this page only, until it is reloaded: the configuration file stays the
 * one place where the language is chosen for good. "Auto" goes back to the configuration.
 */
export function LanguageSwitch({
  override,
  onChange,
}: {
  override: Locale | undefined;
  onChange: (locale: Locale | undefined) => void;
}) {
  const t = useT();
  return (
    <label className="language-switch">
      <span className="visually-hidden">{t("language.label")}</span>
      <GlobeIcon />
      <select
        className="select"
        data-testid="language-switch"
        value={override ?? "auto"}
        onChange={(event) => {
          const value = event.target.value;
          onChange(value === "en" || value === "fr" ? value : undefined);
        }}
      >
        <option value="auto">{t("language.auto")}</option>
        <option value="en" lang="en">
          {t("language.en")}
        </option>
        <option value="fr" lang="fr">
          {t("language.fr")}
        </option>
      </select>
    </label>
  );
}
