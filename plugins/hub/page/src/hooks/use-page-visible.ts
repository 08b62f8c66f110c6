import { useEffect, useState } from "react";

/** Whether the page is on screen (`document.visibilityState`), followed live. */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === "visible");
  useEffect(() => {
    const follow = (): void => setVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", follow);
    return () => document.removeEventListener("visibilitychange", follow);
  }, []);
  return visible;
}
