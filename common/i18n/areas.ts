/**
 * The catalogs are cut by area of the product, so that a page downloads only the words it can
 * show: a phone never carries the workshop's. Each area is one JSON file per language
 * (catalogs/{language}/{area}.json) whose keys all begin with `{area}.`.
 */
export const AREAS = [
  "common",
  "home",
  "map",
  "player",
  "room",
  "defi",
  "public",
  "dashboard",
  "wizard",
  "admin",
  "presenter",
  "history",
  "server",
] as const;
export type Area = (typeof AREAS)[number];

/** What every page may show: the players' side, défis, public pages, shared components. */
const PLAY_AREAS: readonly Area[] = ["common", "home", "map", "player", "room", "defi", "public"];
/** The workshop (dashboards, wizard, admin tools) and the presenter's screen, on top. */
const WORKSHOP_AREAS: readonly Area[] = [...PLAY_AREAS, "dashboard", "wizard", "admin", "presenter", "history"];

/** Where the workshop lives: the administrator's and the game masters' pages, the quiz wizard. */
const WORKSHOP_PATH = /^\/(pres|mj|quiz)(\/|$)/;

/** The areas a page at this address may show (`server` is worded by the server alone). */
export function areasForPath(pathname: string): readonly Area[] {
  return WORKSHOP_PATH.test(pathname) ? WORKSHOP_AREAS : PLAY_AREAS;
}
