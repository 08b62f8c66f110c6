import { resolveLocale, type Locale } from "./locale.ts";

/** A message is plain text with `{name}` placeholders, or a function for plurals and other logic. */
export type MessageTemplate = string | ((params: Record<string, string | number>) => string);

export type Catalogue<Keys extends string> = Record<Locale, Record<Keys, MessageTemplate>>;

export type Translate<Keys extends string> = (key: Keys, params?: Record<string, string | number>) => string;

let currentLocale: Locale | undefined;

/** The process-wide locale, resolved once from the environment; tests may pin it. */
export function activeLocale(): Locale {
  currentLocale ??= resolveLocale();
  return currentLocale;
}

export function setActiveLocale(locale: Locale | undefined): void {
  currentLocale = locale;
}

/**
 * Declares a package's strings in both languages. The French table must have exactly the English keys, so
 * the compiler catches a missing translation. The returned function reads the active locale at each call, so
 * a locale pinned after import still applies.
 */
export function defineMessages<const En extends Record<string, MessageTemplate>>(
  en: En,
  fr: Record<keyof En & string, MessageTemplate>,
): Translate<keyof En & string> {
  const tables: Catalogue<keyof En & string> = { en, fr };
  return (key, params = {}) => {
    const template = tables[activeLocale()][key] ?? tables.en[key];
    if (typeof template === "function") return template(params);
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
  };
}
