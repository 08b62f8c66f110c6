/**
 * The page's own pictograms, drawn as SVG rather than emoji: an emoji font is not installed everywhere (a
 * minimal Linux, a CI container), and these must look the same in both themes (they take `currentColor`).
 */
const common = {
  width: 16,
  height: 16,
  viewBox: "0 0 16 16",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.4,
  strokeLinejoin: "round",
  "aria-hidden": true,
} as const;

export function FolderIcon() {
  return (
    <svg {...common} className="glyph glyph-folder">
      <path d="M1.75 4.25c0-.69.56-1.25 1.25-1.25h3l1.5 1.5H13c.69 0 1.25.56 1.25 1.25v6.5c0 .69-.56 1.25-1.25 1.25H3c-.69 0-1.25-.56-1.25-1.25z" />
    </svg>
  );
}

export function FileIcon() {
  return (
    <svg {...common} className="glyph glyph-file">
      <path d="M4 1.75h5.25L12.5 5v8.25c0 .55-.45 1-1 1H4c-.55 0-1-.45-1-1V2.75c0-.55.45-1 1-1z" />
      <path d="M9 1.75V5.25h3.5" />
    </svg>
  );
}

export function GlobeIcon() {
  return (
    <svg {...common} className="glyph glyph-globe">
      <circle cx="8" cy="8" r="6.25" />
      <path d="M1.75 8h12.5M8 1.75c1.8 1.9 2.6 4 2.6 6.25S9.8 12.35 8 14.25C6.2 12.35 5.4 10.25 5.4 8S6.2 3.65 8 1.75z" />
    </svg>
  );
}

export function BellIcon() {
  return (
    <svg {...common} className="glyph glyph-bell">
      <path d="M4 11.25V7a4 4 0 0 1 8 0v4.25l1.25 1.25H2.75z" />
      <path d="M6.5 13.75a1.6 1.6 0 0 0 3 0" />
    </svg>
  );
}

export function ImageIcon() {
  return (
    <svg {...common} className="glyph glyph-image">
      <rect x="1.75" y="2.75" width="12.5" height="10.5" rx="1.25" />
      <circle cx="5.5" cy="6.25" r="1.25" />
      <path d="M2.25 12.25l3.75-3.5 2.5 2.25 2-1.75 3.25 3" />
    </svg>
  );
}
