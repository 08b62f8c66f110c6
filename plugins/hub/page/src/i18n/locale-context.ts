import { createContext, useContext, useMemo } from "react";
import type { Locale, Translate } from "./catalogue.ts";
import { messages, type MessageKey } from "./messages.ts";

export const LocaleContext = createContext<Locale>("en");

/** The translator of the page's current locale; components re-render when the locale changes. */
export function useT(): Translate<MessageKey> {
  const locale = useContext(LocaleContext);
  return useMemo(() => messages.forLocale(locale), [locale]);
}
