/**
 * The page's string tables, after the kernel's `defineMessages` (kernel/src/i18n/catalogue.ts) but without the
 * kernel: the page is bundled for the browser and its locale is React state, not a process-wide setting.
 */

export type Locale = "en" | "fr";

/** Plain text with `{name}` placeholders, or a function for plurals and other logic. */
export type MessageTemplate = string | ((params: Params) => string);
export type Params = Record<string, string | number>;

export type Translate<Keys extends string> = (key: Keys, params?: Params) => string;

export interface Messages<Keys extends string> {
  /** The translator for one locale (English for a key a table somehow lacks at run time). */
  forLocale(locale: Locale): Translate<Keys>;
}

/** The French table must have exactly the English keys: a missing or extra one is a compile error. */
export function defineMessages<const En extends Record<string, MessageTemplate>>(
  en: En,
  fr: { [K in keyof En]: MessageTemplate },
): Messages<keyof En & string> {
  const tables: Record<Locale, Record<string, MessageTemplate>> = { en, fr };
  return {
    forLocale(locale) {
      return (key, params = {}) => {
        const template = tables[locale][key] ?? tables.en[key] ?? key;
        if (typeof template === "function") return template(params);
        return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
          name in params ? String(params[name]) : whole,
        );
      };
    },
  };
}

/** `system` follows the browser: a language tag starting with "fr" means French, anything else English. */
export function resolveLocale(setting: "system" | Locale, browserLanguage: string): Locale {
  if (setting !== "system") return setting;
  return browserLanguage.toLowerCase().startsWith("fr") ? "fr" : "en";
}
