import { describe, expect, it } from "vitest";
import { tIn } from "../../../tests/support/i18n";
import type { Locale } from "@common/i18n/locales";
import { compass, CROSSHAIR, PLACED, whereWords } from "./crosshair-words";
import type { LatLng } from "./types";

const centre = { lat: 45.76, lng: 4.83 };
/** A point `north` and `east` metres from the centre. */
const at = (north: number, east: number) => ({
  lat: centre.lat + north / 111_195,
  lng: centre.lng + east / (111_195 * Math.cos((centre.lat * Math.PI) / 180)),
});

/** Worded in a language, with Intl's narrow spaces as plain ones. */
const said = (locale: Locale, point: LatLng, from: LatLng, phrases = CROSSHAIR) =>
  tIn(locale)(whereWords(locale, point, from, phrases)).replace(/\s/g, " ");

describe("where the crosshair is, in words", () => {
  it("tells the eight directions of the compass", () => {
    expect(compass(centre, at(1000, 0))).toBe("n");
    expect(compass(centre, at(800, 820))).toBe("ne");
    expect(compass(centre, at(0, 500))).toBe("e");
    expect(compass(centre, at(-300, 310))).toBe("se");
    expect(compass(centre, at(-900, 40))).toBe("s");
    expect(compass(centre, at(-700, -690))).toBe("sw");
    expect(compass(centre, at(10, -900))).toBe("w");
    expect(compass(centre, at(600, -610))).toBe("nw");
  });

  it("says the distance and the direction from the map's centre, in each language", () => {
    const p = at(850, 850);
    expect(said("fr", p, centre)).toBe("Viseur : 1,2 km au nord-est du centre");
    expect(said("en", p, centre)).toBe("Crosshair: 1.2 km north-east of the centre");
    expect(said("de", p, centre)).toBe("Fadenkreuz: 1,2 km nordöstlich der Kartenmitte");
    expect(said("fr", at(0, -350), centre)).toBe("Viseur : 350 m à l'ouest du centre");
    expect(said("fr", at(-30, 0), centre, PLACED)).toBe("Repère placé à 30 m au sud du centre.");
  });

  it("says « at the centre » within a few metres of it", () => {
    expect(said("fr", at(3, 4), centre)).toBe("Viseur : au centre de la carte");
    expect(said("en", centre, centre, PLACED)).toBe("Marker placed at the centre of the map.");
  });
});
