import { useCallback, useEffect, useState } from "react";
import { AgentsView } from "./components/agents-view.tsx";
import { AppHeader, type View } from "./components/app-header.tsx";
import { ConnectionBanner } from "./components/connection-banner.tsx";
import { SettingsView } from "./components/settings-view.tsx";
import type { ConnectionStatus, HubEventStream } from "./events.ts";
import { HubContext } from "./hub-context.ts";
import type { WaitingEntry } from "../../src/protocol.ts";
import { call } from "./api.ts";
import { WaitingIndicator } from "./components/waiting-indicator.tsx";
import { useAgents } from "./hooks/use-agents.ts";
import { useCurrentConfig } from "./hooks/use-current-config.ts";
import { useNotifications } from "./hooks/use-notifications.ts";
import { useWaiting } from "./hooks/use-waiting.ts";
import { useTheme } from "./hooks/use-theme.ts";
import { resolveLocale, type Locale } from "./i18n/catalogue.ts";
import { LocaleContext } from "./i18n/locale-context.ts";

function viewFromHash(): View {
  return location.hash === "#/settings" ? "settings" : "agents";
}

/** `#/agents/<name>`: the agent whose conversation is open. */
function agentFromHash(): string | undefined {
  const match = /^#\/agents\/(.+)$/.exec(location.hash);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

function hashOf(view: View, agent: string | undefined): string {
  return view === "agents" && agent !== undefined ? `#/agents/${encodeURIComponent(agent)}` : `#/${view}`;
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
  const [agent, setAgent] = useState<string | undefined>(agentFromHash);
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
    const follow = (): void => {
      setView(viewFromHash());
      const named = agentFromHash();
      if (named !== undefined) setAgent(named);
    };
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, []);

  const show = (next: View): void => {
    history.replaceState(null, "", hashOf(next, agent));
    setView(next);
  };
  const select = useCallback((name: string): void => {
    // The agents view stays mounted behind the settings: its choice must not take the settings' address.
    if (viewFromHash() === "agents") history.replaceState(null, "", hashOf("agents", name));
    setAgent(name);
  }, []);

  const agents = useAgents();
  const waiting = useWaiting();
  // What waits, opened from the header or a notification: that agent's conversation, on that thread.
  const openWaiting = (entry: WaitingEntry): void => {
    history.replaceState(null, "", hashOf("agents", entry.agent));
    setView("agents");
    setAgent(entry.agent);
    void call("ThreadService", "Open", entry.agent, entry.thread).catch(() => undefined);
  };
  const titleOf = (name: string): string => {
    const found = agents.agents?.find((candidate) => candidate.name === name);
    return found?.title || name;
  };
  const notifications = useNotifications(waiting, titleOf, openWaiting);

  return (
    <LocaleContext value={locale}>
      <div className="app">
        <div className="top">
          <AppHeader view={view} onView={show} languageOverride={languageOverride} onLanguage={setLanguageOverride}>
            <WaitingIndicator waiting={waiting} permission={notifications.permission} onAsk={notifications.ask} onOpen={openWaiting} />
          </AppHeader>
          <ConnectionBanner status={status} />
        </div>
        {/* Both views stay mounted: switching to the agents never loses edits in progress. */}
        <main className="views">
          <div className="view agents-view" hidden={view !== "agents"}>
            <AgentsView agents={agents} waiting={waiting} selected={agent} onSelect={select} />
          </div>
          <div className="view settings-view" hidden={view !== "settings"}>
            <SettingsView current={current} dark={theme === "dark"} onOpened={replace} />
          </div>
        </main>
      </div>
    </LocaleContext>
  );
}
