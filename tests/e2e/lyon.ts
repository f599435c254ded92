/**
 * The playing field of the phone tests: a 0.02° x 0.02° area near Lyon (about 2.2 km
 * north-south, 1.6 km west-east), small enough for a tap to land within a few metres.
 */
import type { LatLng } from "@common/wire/protocol";
import { spotAt as spotIn, type Area } from "../support/browser";
import type { LaunchSettings } from "../support/launch";
import { launch } from "../support/e2e";

export const AREA: Area = { north: 45.77, south: 45.75, west: 4.82, east: 4.84 };

/** The point of the area at fractions (fx west->east, fy north->south) of the map. */
export const spotAt = (fx: number, fy: number) => spotIn(AREA, fx, fy);

/** A room whose questions (photo-less) are these spots, on the area's map; 60 s to answer. */
export function launchAt(spots: LatLng[], settings: LaunchSettings = {}) {
  return launch({
    time: 60,
    help_zone: "non",
    ...settings,
    quizSpec: {
      description: "Quiz des tests du téléphone",
      mapSettings: {
        center: { lat: (AREA.north + AREA.south) / 2, lng: (AREA.west + AREA.east) / 2 },
        zoom: 14,
        bounds: AREA,
      },
      questions: spots.map((s, i) => ({ ...s, name: `Photo ${i + 1}`, photo: null })),
    },
  });
}
