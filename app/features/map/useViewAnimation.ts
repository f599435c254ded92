import { useCallback, useEffect, useRef } from "react";
import { interpolateBounds } from "@common/projection";
import type { Bounds } from "./types";

const ease = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** The reader asked their system for less motion: views jump rather than fly. */
export const prefersReducedMotion = () =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * Animates the offline map's view towards a target (results sequence: zoom in on the true spot
 * over about a second), or goes there at once under reduced motion. Any user gesture cancels the
 * running animation.
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
      if (durationMs <= 0 || typeof requestAnimationFrame !== "function" || prefersReducedMotion()) {
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
