import { useRef } from "react";
import type { Bounds } from "./types";

/*
 * What both renderings (Google and offline) use to follow the camera props. Screens pass new
 * objects on every render: the camera effects run when the values change (the keys) and read
 * the latest objects through a ref.
 */

/** A key that changes only when the bounds' values do ("" for none). */
export const boundsKey = (b: Bounds | null | undefined) => (b ? `${b.north},${b.south},${b.east},${b.west}` : "");

/** A ref holding the value of the last render, for effects that must not re-run on it. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
