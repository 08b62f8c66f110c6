import type { ReactNode } from "react";
import type { Locale } from "../i18n/catalogue.ts";
import { useT } from "../i18n/locale-context.ts";
import { LanguageSwitch } from "./language-switch.tsx";

export type View = "agents" | "settings";

export function AppHeader({
  view,
  onView,
  languageOverride,
  onLanguage,
  children,
}: {
  view: View;
  onView: (view: View) => void;
  languageOverride: Locale | undefined;
  onLanguage: (locale: Locale | undefined) => void;
  /** What the header shows before the language switch (what waits for the user). */
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <header className="app-header">
      <span className="brand">
        <span className="brand-mark" aria-hidden="true">
          M
        </span>
        {t("app.title")}
      </span>
      <nav className="tabs" aria-label={t("nav.label")}>
        {(["agents", "settings"] as const).map((name) => (
          <a
            key={name}
            href={`#/${name}`}
            className="tab"
            data-testid={`nav-${name}`}
            aria-current={view === name ? "page" : undefined}
            onClick={(event) => {
              event.preventDefault();
              onView(name);
            }}
          >
            {t(`nav.${name}`)}
          </a>
        ))}
      </nav>
      <span className="spacer" />
      {children}
      <LanguageSwitch override={languageOverride} onChange={onLanguage} />
    </header>
  );
}
