import type { LatLng, TargetSetting } from "@common/wire/protocol";
import type { MapCircle } from "./types";

/** The target's rings around a spot, largest first so the smaller ones draw on top. */
export function ringCircles(targets: readonly TargetSetting[], spot: LatLng): MapCircle[] {
  return targets
    .map((t, i) => ({ t, i }))
    .filter(({ t, i }) => i > 0 && t.max > 0)
    .sort((a, b) => b.t.max - a.t.max)
    .map(({ t, i }) => ({ id: `ring-${i}`, center: spot, radiusM: t.max, color: t.color, fillOpacity: 0.22 }));
}
