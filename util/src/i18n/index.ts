/**
 * Every user-facing string in English and French (DESIGN.md, languages): `defineMessages` tables, the locale
 * from the environment, numbers and plurals written as that locale does. Its own entry (`@maia/util/i18n`), so
 * that the kernel takes this and nothing else of @maia/util.
 */
export { activeLocale, defineMessages, setActiveLocale, type Catalogue, type MessageTemplate, type Translate } from "./catalogue.ts";
export { formatNumber, plural } from "./format.ts";
export { resolveLocale, type Locale } from "./locale.ts";
