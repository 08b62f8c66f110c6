import { useEffect, useState } from "react";
import type { Theme } from "../../../src/protocol.ts";

const DARK_QUERY = "(prefers-color-scheme: dark)";

/** Follows the system's preference live, for `theme: "system"`. */
function useSystemDark(): boolean {
  const [dark, setDark] = useState(() => window.matchMedia(DARK_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(DARK_QUERY);
    const update = (): void => setDark(query.matches);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return dark;
}

/** Applies the theme to `<html data-theme>`, which the CSS variables of styles/base.css key on. */
export function useTheme(theme: Theme): "light" | "dark" {
  const systemDark = useSystemDark();
  const resolved = theme === "system" ? (systemDark ? "dark" : "light") : theme;
  useEffect(() => {
    document.documentElement.dataset["theme"] = resolved;
  }, [resolved]);
  return resolved;
}
