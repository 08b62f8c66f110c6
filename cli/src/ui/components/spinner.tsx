import spinners from "cli-spinners";
import { Text } from "ink";
import { useEffect, useState } from "react";

export type SpinnerName = "dots10" | "arrow3";

export interface SpinnerProps {
  name: SpinnerName;
  color?: string;
  /** Epoch ms after which the animation rests on its first frame (an idle prompt stops redrawing). */
  until?: number;
}

/**
 * How long after its frame is due a spinner waits for a redraw that something else makes (a streamed answer's
 * frame, every 50 ms) before it makes one of its own: while an answer streams the spinner moves with its frames
 * and costs no frame of its own (issue 41); alone, it turns at its own pace.
 */
export const SPINNER_SLACK_MS = 60;

/**
 * The frame of a spinner started at `start`, at `now`: from the clock, so that any redraw shows the frame of that
 * moment (the first frame at its start, as the early paint draws it).
 */
export function spinnerFrame(now: number, start: number, interval: number, count: number, until?: number): number {
  return until !== undefined && now >= until ? 0 : Math.floor(Math.max(0, now - start) / interval) % count;
}

/** A cli-spinners animation; its timer lives only while the spinner is on screen. */
export function Spinner({ name, color, until }: SpinnerProps) {
  const { frames, interval } = spinners[name];
  const [, redraw] = useState(0);
  const [start] = useState(() => Date.now());
  const now = Date.now();
  const frame = spinnerFrame(now, start, interval, frames.length, until);
  const resting = until !== undefined && now >= until;
  // Set again at each render: a redraw made by something else pushes this one back.
  useEffect(() => {
    if (resting) return;
    const next = interval - (Math.max(0, Date.now() - start) % interval) + SPINNER_SLACK_MS;
    const wait = until === undefined ? next : Math.min(next, Math.max(0, until - Date.now()));
    const timer = setTimeout(() => redraw((count) => count + 1), wait);
    return () => clearTimeout(timer);
  });
  return <Text color={color}>{frames[frame] ?? frames[0]}</Text>;
}
