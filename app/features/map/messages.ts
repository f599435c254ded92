import { m } from "@common/i18n/words";

/** What the map says about itself, in one place: words of the `map` catalog. */
export const MAP_MSG = {
  /** Dashboard and wizard, when no key is configured. */
  testMap: m("map.testMap"),
  /** Presenter and admin screens, when Google refused the key. */
  keyRefused: m("map.keyRefused"),
  /** Presenter and admin screens, when Google does not answer. */
  unreachable: m("map.unreachable"),
} as const;
