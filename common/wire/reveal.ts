/**
 * The reveal's compact rows (protocol RevealRow), read back into what the presenter's results
 * map places and lists, and written from the room's answers. One place for the row layout.
 */
import { COLOR_KEYS, FRUIT_KEYS, markerOf, pseudoOf, type ColorKey, type FruitKey } from "../rules";
import type { LatLng, PresResults, RevealRow } from "./protocol";

export interface RevealAnswer {
  seatId: string;
  pseudo: string;
  marker: string;
  coords: LatLng;
  /** Metres from the true spot, rounded. */
  distance: number;
  /** Index in targetSettings: 0 outside every ring. */
  zone: number;
}

/** 5 decimals of a degree: about a metre. */
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

export function revealRow(
  seat: { no: number; color: ColorKey; fruit: FruitKey; n: number },
  answer: { lat: number; lng: number; d: number; ring: number },
): RevealRow {
  return [
    seat.no,
    COLOR_KEYS.indexOf(seat.color),
    FRUIT_KEYS.indexOf(seat.fruit),
    seat.n,
    round5(answer.lat),
    round5(answer.lng),
    Math.round(answer.d),
    answer.ring,
  ];
}

/** Every answer of a reveal, nearest first; rows naming an unknown colour or fruit are skipped. */
export function revealAnswers(results: Pick<PresResults, "answers">): RevealAnswer[] {
  const out: RevealAnswer[] = [];
  for (const [no, c, f, n, lat, lng, distance, zone] of results.answers) {
    const color = COLOR_KEYS[c];
    const fruit = FRUIT_KEYS[f];
    if (!color || !fruit) continue;
    out.push({ seatId: `p${no}`, pseudo: pseudoOf(fruit, color, n), marker: markerOf(fruit, color), coords: { lat, lng }, distance, zone });
  }
  return out;
}

/** The answers' player ids by zone (indexed like targetSettings), nearest first in each. */
export function zonesOf(answers: readonly RevealAnswer[], zoneCount: number): string[][] {
  const zones: string[][] = Array.from({ length: zoneCount }, () => []);
  for (const a of answers) zones[a.zone]?.push(a.seatId);
  return zones;
}
