import { useCallback, useEffect, useRef } from "react";
import { interpolateBounds } from "@common/util/projection";
import { reducedMotion } from "./motion";
import type { Bounds } from "./types";

const ease = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/**
 * Animates the offline map's view towards a target (results sequence: zoom in on the true spot
 * over about a second), or jumps there for a reader who asked for less motion. Any user gesture
 * cancels the running animation.
 */
export function useViewAnimation(getView: () => Bounds, setView: (b: Bounds) => void) {
  const frame = useRef<number | null>(null);

  const cancel = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
  }, []);

  const animateTo = useCallback(
    (target: Bounds, durationMs = 1000) => {
      cancel();
      const from = getView();
      if (durationMs <= 0 || typeof requestAnimationFrame !== "function" || reducedMotion()) {
        setView(target);
        return;
      }
      const start = performance.now();
      const step = (now: number) => {
        const t = Math.min(1, (now - start) / durationMs);
        setView(t >= 1 ? target : interpolateBounds(from, target, ease(t)));
        frame.current = t >= 1 ? null : requestAnimationFrame(step);
      };
      frame.current = requestAnimationFrame(step);
    },
    [cancel, getView, setView]
  );

  useEffect(() => cancel, [cancel]);
  return { animateTo, cancel };
}
