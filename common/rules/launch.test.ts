import { describe, expect, it } from "vitest";
import {
  ANSWER_TIMES_SEC,
  DEFAULT_OPTIONS,
  HELP_ZONES_M,
  ICON_TYPES,
  MAX_PER_COLOR,
  MAX_ROOM_PLAYERS,
  MAX_TEAMS,
  PAIR_COUNT,
  RANKING_MODES,
  clampInt,
  defaultMaxPlayer,
  launchParams,
  launchProblem,
  maxPlayerLimit,
  seatingCapacity,
} from "./launch";
import { COLOR_KEYS } from "./names";

describe("launch options", () => {
  it("offers the answer times and help zones of the game, with their defaults", () => {
    expect(ANSWER_TIMES_SEC).toEqual([15, 30, 45, 60, 90, 120, 180]);
    expect(HELP_ZONES_M).toEqual([200, 300, 400, 500, 600, 800, 1000, 1600, 2000]);
    expect(DEFAULT_OPTIONS).toEqual({
      iconType: "random",
      mode: "player",
      answerTimeSec: 60,
      helpZoneM: 500,
      maxPlayer: 50,
      maxTeam: 6,
      photoOnPhones: false,
    });
    expect(defaultMaxPlayer("team")).toBe(8);
  });

  it("caps rooms at 2000 players, 6 teams, and defined icons at 9 per colour, 54 in all", () => {
    expect([MAX_ROOM_PLAYERS, MAX_TEAMS, MAX_PER_COLOR, PAIR_COUNT]).toEqual([2000, 6, 9, 54]);
  });

  it("accepts every offered combination and names the first option it refuses", () => {
    for (const iconType of ICON_TYPES)
      for (const mode of RANKING_MODES)
        for (const answerTimeSec of ANSWER_TIMES_SEC)
          for (const helpZoneM of [null, ...HELP_ZONES_M])
            expect(launchProblem({ ...DEFAULT_OPTIONS, iconType, mode, answerTimeSec, helpZoneM })).toBeNull();
    const bad: [Partial<typeof DEFAULT_OPTIONS>, string][] = [
      [{ iconType: "emoji" as never }, "iconType"],
      [{ mode: "solo" as never }, "mode"],
      [{ answerTimeSec: 17 }, "answerTimeSec"],
      [{ answerTimeSec: 0 }, "answerTimeSec"],
      [{ helpZoneM: 250 }, "helpZoneM"],
      [{ maxPlayer: 0 }, "maxPlayer"],
      [{ maxPlayer: 2001 }, "maxPlayer"],
      [{ maxPlayer: 2.5 }, "maxPlayer"],
      [{ maxTeam: 7 }, "maxTeam"],
      [{ maxTeam: Number.NaN }, "maxTeam"],
      [{ photoOnPhones: "oui" as never }, "photoOnPhones"],
      [{ locale: "es" as never }, "locale"],
    ];
    for (const [change, field] of bad) expect(launchProblem({ ...DEFAULT_OPTIONS, ...change })).toBe(field);
  });

  it("clamps to whole numbers within bounds", () => {
    expect(clampInt(7.6, 1, 9)).toBe(8);
    expect(clampInt(-3, 1, 9)).toBe(1);
    expect(clampInt(99, 1, 9)).toBe(9);
    expect(clampInt(Number.NaN, 2, 9)).toBe(2);
  });
});

describe("seatingCapacity", () => {
  it("player mode, random icons: max_player seats, colours cosmetic", () => {
    expect(seatingCapacity({ iconType: "random", mode: "player", maxPlayer: 50, maxTeam: 6 })).toEqual({
      colors: [...COLOR_KEYS],
      perColor: null,
      total: 50,
    });
    expect(seatingCapacity({ iconType: "random", mode: "player", maxPlayer: 5000, maxTeam: 6 }).total).toBe(2000);
  });
  it("player mode, defined icons: at most 54 and 9 per colour", () => {
    expect(seatingCapacity({ iconType: "defined", mode: "player", maxPlayer: 100, maxTeam: 6 })).toEqual({
      colors: [...COLOR_KEYS],
      perColor: 9,
      total: 54,
    });
  });
  it("team mode: first max_team colours, max_player per team", () => {
    expect(seatingCapacity({ iconType: "random", mode: "team", maxPlayer: 8, maxTeam: 3 })).toEqual({
      colors: ["bleu", "jaune", "rose"],
      perColor: 8,
      total: 24,
    });
    expect(seatingCapacity({ iconType: "defined", mode: "team", maxPlayer: 12, maxTeam: 2 })).toEqual({
      colors: ["bleu", "jaune"],
      perColor: 9,
      total: 18,
    });
  });
});


describe("maxPlayerLimit", () => {
  it("offers what the room can seat: 54 or 9 per team with defined icons, 2000 or 333 per team otherwise", () => {
    expect(maxPlayerLimit({ iconType: "defined", mode: "player" })).toBe(54);
    expect(maxPlayerLimit({ iconType: "defined", mode: "team" })).toBe(9);
    expect(maxPlayerLimit({ iconType: "random", mode: "player" })).toBe(2000);
    expect(maxPlayerLimit({ iconType: "random", mode: "team" })).toBe(333);
  });

  it("never offers a seat the room would not give, whatever the number of teams", () => {
    for (const iconType of ICON_TYPES)
      for (const mode of RANKING_MODES)
        for (let maxTeam = 1; maxTeam <= MAX_TEAMS; maxTeam++) {
          const maxPlayer = maxPlayerLimit({ iconType, mode });
          const cap = seatingCapacity({ iconType, mode, maxPlayer, maxTeam });
          const teams = mode === "team" ? maxTeam : 1;
          expect(cap.total).toBe(teams * maxPlayer);
        }
  });
});

describe("launchParams", () => {
  it("writes the launch query, 'non' for no help square, max_team only in team mode", () => {
    expect(launchParams(DEFAULT_OPTIONS)).toEqual([
      ["icon", "random"],
      ["time", "60"],
      ["help_zone", "500"],
      ["max_player", "50"],
    ]);
    expect(new URLSearchParams(launchParams({ ...DEFAULT_OPTIONS, mode: "team", helpZoneM: null, maxPlayer: 8 })).toString()).toBe(
      "icon=random&time=60&help_zone=non&max_player=8&max_team=6",
    );
    expect(new URLSearchParams(launchParams({ ...DEFAULT_OPTIONS, photoOnPhones: true })).get("photo_phones")).toBe("oui");
    // The night's language once chosen; until then the launch takes its page's.
    expect(new URLSearchParams(launchParams({ ...DEFAULT_OPTIONS, locale: "de" })).get("lang")).toBe("de");
    expect(new URLSearchParams(launchParams(DEFAULT_OPTIONS)).has("lang")).toBe(false);
  });

  it("brings numbers within what the options allow", () => {
    const get = (o: Partial<typeof DEFAULT_OPTIONS>) => new URLSearchParams(launchParams({ ...DEFAULT_OPTIONS, ...o }));
    expect(get({ iconType: "defined", maxPlayer: 500 }).get("max_player")).toBe("54");
    expect(get({ mode: "team", maxTeam: 9, maxPlayer: 0 }).get("max_team")).toBe("6");
    expect(get({ mode: "team", maxTeam: 1 }).get("max_team")).toBe("2");
    expect(get({ mode: "team", maxPlayer: 0 }).get("max_player")).toBe("1");
  });
});
