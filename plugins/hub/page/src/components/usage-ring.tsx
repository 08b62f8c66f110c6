import { useContext } from "react";
import type { Usage } from "../../../src/protocol.ts";
import { LocaleContext, useT } from "../i18n/locale-context.ts";

const RADIUS = 9;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * How full the agent's context window is: a ring `used / size`, or only the token count when the agent gives
 * no size. Drawn with SVG attributes, never a style attribute (CSP).
 */
export function UsageRing({ usage }: { usage: Usage }) {
  const t = useT();
  const locale = useContext(LocaleContext);
  if (usage.used === 0 && usage.size === 0) return null;
  const compact = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
  const full = new Intl.NumberFormat(locale);
  const used = compact.format(usage.used);

  if (usage.size <= 0) {
    return (
      <span className="usage usage-tokens" data-testid="usage" title={t("usage.tokensLabel", { used: full.format(usage.used) })}>
        {t("usage.tokens", { used })}
      </span>
    );
  }
  const ratio = Math.min(1, usage.used / usage.size);
  const percent = Math.round(ratio * 100);
  const level = ratio >= 0.9 ? "high" : ratio >= 0.7 ? "medium" : "low";
  const label = t("usage.label", { used: full.format(usage.used), size: full.format(usage.size), percent });
  return (
    <span className={`usage usage-${level}`} data-testid="usage" role="img" aria-label={label} title={label}>
      <svg className="usage-ring" width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">
        <circle className="usage-track" cx="11" cy="11" r={RADIUS} fill="none" strokeWidth="3" />
        <circle
          className="usage-fill"
          cx="11"
          cy="11"
          r={RADIUS}
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray={`${CIRCUMFERENCE * ratio} ${CIRCUMFERENCE}`}
          transform="rotate(-90 11 11)"
        />
      </svg>
      <span className="usage-text" aria-hidden="true">
        {used} / {compact.format(usage.size)}
      </span>
    </span>
  );
}
