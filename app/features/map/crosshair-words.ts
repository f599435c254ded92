import { haversineMeters } from "@common/rules/geo";
import { formatDistance } from "@common/i18n/format";
import type { MessageId, Words } from "@common/i18n/ids";
import type { Locale } from "@common/i18n/locales";
import { m } from "@common/i18n/words";
import type { LatLng } from "./types";

/**
 * Where the crosshair is, in words a person can use (docs/accessibility.md, The map): its distance
 * and direction from the map's centre, « 1,2 km au nord-est du centre ». Coordinates in degrees
 * say nothing to most people, and a screen reader reads them digit by digit.
 */

/** The eight directions of the compass, clockwise from the north: the catalogs' `select` keys. */
const COMPASS = ["n", "ne", "e", "se", "s", "sw", "w", "nw"] as const;
export type Compass = (typeof COMPASS)[number];

/** Closer than this to the centre, the crosshair is « au centre ». */
export const AT_CENTRE_M = 10;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** The direction from `from` to `to`: the initial great-circle bearing, to the nearest eighth. */
export function compass(from: LatLng, to: LatLng): Compass {
  const y = Math.sin(rad(to.lng - from.lng)) * Math.cos(rad(to.lat));
  const x = Math.cos(rad(from.lat)) * Math.sin(rad(to.lat)) - Math.sin(rad(from.lat)) * Math.cos(rad(to.lat)) * Math.cos(rad(to.lng - from.lng));
  const bearing = (Math.atan2(y, x) * 180) / Math.PI;
  return COMPASS[Math.round((bearing + 360) / 45) % 8]!;
}

/** The two messages of a place: away from the centre, and at it. */
type Phrases = { from: MessageId; atCentre: MessageId };

export const CROSSHAIR: Phrases = { from: "map.crosshair.from", atCentre: "map.crosshair.atCentre" };
export const PLACED: Phrases = { from: "map.placed.from", atCentre: "map.placed.atCentre" };

/** « Viseur : 1,2 km au nord-est du centre » (or the marker's), in the reader's language. */
export function whereWords(locale: Locale, point: LatLng, centre: LatLng, phrases: Phrases = CROSSHAIR): Words {
  const metres = haversineMeters(centre, point);
  if (metres < AT_CENTRE_M) return m(phrases.atCentre);
  return m(phrases.from, { distance: formatDistance(locale, metres), direction: compass(centre, point) });
}
