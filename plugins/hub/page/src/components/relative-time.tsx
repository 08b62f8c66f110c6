import { useContext, useEffect, useState } from "react";
import { LocaleContext, useT } from "../i18n/locale-context.ts";

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "5 minutes ago", "yesterday": a time of last activity, refreshed every minute; the exact time on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  const t = useT();
  const locale = useContext(LocaleContext);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const seconds = Math.round((date.getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const unit = UNITS.find(([, size]) => Math.abs(seconds) >= size);
  const text = unit ? format.format(Math.round(seconds / unit[1]), unit[0]) : t("time.now");
  return (
    <time className="relative-time" dateTime={iso} title={date.toLocaleString(locale)}>
      {text}
    </time>
  );
}
