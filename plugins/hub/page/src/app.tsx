import { useEffect, useState } from "react";
import { AgentsPanel } from "./components/agents-panel.tsx";
import { AppHeader, type View } from "./components/app-header.tsx";
import { ConnectionBanner } from "./components/connection-banner.tsx";
import { SettingsView } from "./components/settings-view.tsx";
import type { ConnectionStatus, HubEventStream } from "./events.ts";
import { HubContext } from "./hub-context.ts";
import { useCurrentConfig } from "./hooks/use-current-config.ts";
import { useTheme } from "./hooks/use-theme.ts";
import { resolveLocale, type Locale } from "./i18n/catalogue.ts";
import { LocaleContext } from "./i18n/locale-context.ts";

function viewFromHash(): View {
  return location.hash === "#/settings" ? "settings" : "agents";
}

export function App({ stream }: { stream: HubEventStream }) {
  const [generation, setGeneration] = useState(0);
  const [status, setStatus] = useState<ConnectionStatus>(stream.status);

  useEffect(() => {
    const stopStatus = stream.onStatus(setStatus);
    const stopOpen = stream.onOpen(() => setGeneration((n) => n + 1));
    stream.start();
    return () => {
      stopStatus();
      stopOpen();
      stream.close();
    };
  }, [stream]);

  return (
    <HubContext value={{ stream, generation }}>
      <Shell status={status} />
    </HubContext>
  );
}

/** Inside the hub context: the configuration decides theme and language, live. */
function Shell({ status }: { status: ConnectionStatus }) {
  const { current, replace } = useCurrentConfig();
  const [view, setView] = useState<View>(viewFromHash);
  const [languageOverride, setLanguageOverride] = useState<Locale | undefined>(undefined);
  const configured = current?.language ?? "system";
  const locale = languageOverride ?? resolveLocale(configured, navigator.language);
  const theme = useTheme(current?.theme ?? "system");

  // A language newly chosen in the configuration wins over the page's switch: it is the latest intent.
  useEffect(() => setLanguageOverride(undefined), [configured]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  useEffect(() => {
    const follow = (): void => setView(viewFromHash());
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);

  const show = (next: View): void => {
    history.replaceState(null, "", `#/${next}`);
    setView(next);
  };

  return (
    <LocaleContext value={locale}>
      <div className="app">
        <div className="top">
          <AppHeader view={view} onView={show} languageOverride={languageOverride} onLanguage={setLanguageOverride} />
          <ConnectionBanner status={status} />
        </div>
        {/* Both views stay mounted: switching to the agents never loses edits in progress. */}
        <main className="views">
          <div className="view agents-view" hidden={view !== "agents"}>
            <AgentsPanel />
          </div>
          <div className="view settings-view" hidden={view !== "settings"}>
            <SettingsView current={current} dark={theme === "dark"} onOpened={replace} />
          </div>
        </main>
      </div>
    </LocaleContext>
  );
}
