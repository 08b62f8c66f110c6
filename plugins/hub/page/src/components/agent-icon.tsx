/** An icon that looks like a file path is an image the hub serves; anything else (an emoji) is text. */
function isImagePath(icon: string): boolean {
  return /[/\\]/.test(icon) || /\.(png|svg|jpe?g|gif|webp|ico|avif)$/i.test(icon);
}

export function AgentIcon({ name, icon, title }: { name: string; icon: string; title: string }) {
  if (icon && isImagePath(icon)) {
    return <img className="agent-icon" src={`/api/icon/${encodeURIComponent(name)}`} alt="" aria-hidden="true" />;
  }
  // No icon: the title's first letter, so rows stay aligned and recognisable.
  const text = icon || Array.from(title || name)[0]?.toUpperCase() || "?";
  return (
    <span className={icon ? "agent-icon" : "agent-icon agent-icon-letter"} aria-hidden="true">
      {text}
    </span>
  );
}
