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

/** A cli-spinners animation; its timer lives only while the spinner is on screen. */
export function Spinner({ name, color, until }: SpinnerProps) {
  const { frames, interval } = spinners[name];
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    if (until !== undefined && Date.now() >= until) {
      setFrame(0);
      return;
    }
    const timer = setInterval(() => {
      if (until !== undefined && Date.now() >= until) {
        clearInterval(timer);
        setFrame(0);
        return;
      }
      setFrame((current) => (current + 1) % frames.length);
    }, interval);
    return () => clearInterval(timer);
  }, [frames.length, interval, until]);
  return <Text color={color}>{frames[frame] ?? frames[0]}</Text>;
}
