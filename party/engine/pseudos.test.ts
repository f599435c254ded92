import { describe, expect, it } from "vitest";
import { COLOR_KEYS, FRUIT_KEYS, pseudoOf, seatingCapacity } from "@common/rules";
import { type Occupant, checkDefinedChoice, freeFruits, pickRandomSeat, pseudoRoomInfo } from "./pseudos";

const first = () => 0;

/** Seats n random-icon players one after another, as the room would. */
function fill(count: number, cap: ReturnType<typeof seatingCapacity>, mode: "player" | "team", random = first) {
  const seats: Occupant[] = [];
  for (let i = 0; i < count; i++) {
    const s = pickRandomSeat(seats, cap, mode, random);
    if (!s) break;
    seats.push(s);
  }
  return seats;
}

describe("pickRandomSeat", () => {
  it("hands out the 54 pairs before numbering any", () => {
    const cap = seatingCapacity({ iconType: "random", mode: "player", maxPlayer: 2000, maxTeam: 6 });
    const seats = fill(54, cap, "player", Math.random);
    expect(seats.every((s) => s.n === 1)).toBe(true);
    expect(new Set(seats.map((s) => `${s.color}${s.fruit}`)).size).toBe(54);
    const next = pickRandomSeat(seats, cap, "player", first)!;
    expect(next).toEqual({ color: "bleu", fruit: "ananas", n: 2 });
    expect(pseudoOf(next.fruit, next.color, next.n)).toBe("Ananas bleu 2");
  });

  it("seats 2000 players with unique pseudos and refuses the 2001st", () => {
    const cap = seatingCapacity({ iconType: "random", mode: "player", maxPlayer: 2000, maxTeam: 6 });
    const seats = fill(2000, cap, "player", Math.random);
    expect(seats).toHaveLength(2000);
    expect(new Set(seats.map((s) => pseudoOf(s.fruit, s.color, s.n))).size).toBe(2000);
    expect(Math.max(...seats.map((s) => s.n))).toBe(38); // ceil(2000 / 54)
    expect(pickRandomSeat(seats, cap, "player", first)).toBeNull();
  });

  it("reuses a freed unnumbered pair before handing out numbers", () => {
    const cap = seatingCapacity({ iconType: "random", mode: "player", maxPlayer: 100, maxTeam: 6 });
    const seats = fill(60, cap, "player");
    const freed = seats.findIndex((s) => s.color === "rose" && s.fruit === "kiwi" && s.n === 1);
    seats.splice(freed, 1);
    expect(pickRandomSeat(seats, cap, "player", Math.random)).toEqual({ color: "rose", fruit: "kiwi", n: 1 });
  });

  it("uses the random source to choose among free pairs", () => {
    const cap = seatingCapacity({ iconType: "random", mode: "player", maxPlayer: 50, maxTeam: 6 });
    // 54 free pairs in colour-major order; 0.999 picks the last: vert / tomate.
    expect(pickRandomSeat([], cap, "player", () => 0.999)).toEqual({ color: "vert", fruit: "tomate", n: 1 });
  });

  it("team mode: fills the team with fewest players, teams stay within one of each other", () => {
    const cap = seatingCapacity({ iconType: "random", mode: "team", maxPlayer: 8, maxTeam: 3 });
    const seats = fill(7, cap, "team", Math.random);
    expect(seats.map((s) => s.color)).toEqual(["bleu", "jaune", "rose", "bleu", "jaune", "rose", "bleu"]);
    const full = fill(30, cap, "team", Math.random);
    expect(full).toHaveLength(24);
    expect(COLOR_KEYS.slice(0, 3).map((c) => full.filter((s) => s.color === c).length)).toEqual([8, 8, 8]);
  });

  it("team mode with more than 9 per team numbers pseudos inside the team", () => {
    const cap = seatingCapacity({ iconType: "random", mode: "team", maxPlayer: 20, maxTeam: 1 });
    const seats = fill(20, cap, "team");
    expect(seats.filter((s) => s.n === 1)).toHaveLength(9);
    expect(seats.filter((s) => s.n === 2)).toHaveLength(9);
    expect(seats.filter((s) => s.n === 3)).toHaveLength(2);
    expect(seats.every((s) => s.color === "bleu")).toBe(true);
  });
});

describe("defined icons", () => {
  const cap = seatingCapacity({ iconType: "defined", mode: "team", maxPlayer: 9, maxTeam: 2 });
  const seats: Occupant[] = [
    { color: "bleu", fruit: "kiwi", n: 1 },
    { color: "bleu", fruit: "fraise", n: 1 },
    { color: "jaune", fruit: "kiwi", n: 1 },
  ];

  it("describes the room for the pseudo screen", () => {
    const info = pseudoRoomInfo(seats, cap);
    expect(info.colors).toEqual(["bleu", "jaune"]);
    expect(info.colorsUsed).toEqual({ bleu: 2, jaune: 1, rose: 0, rouge: 0, turquoise: 0, vert: 0 });
    expect(info.seatsPerColor).toBe(9);
    expect(info.fruitsUsed.bleu).toEqual(["kiwi", "fraise"]);
    expect(info.fruitsUsed.rose).toEqual([]);
    expect(info.fruits).toHaveLength(9);
  });

  it("lists the fruits still free in a colour", () => {
    expect(freeFruits(seats, "bleu")).toEqual([
      "ananas",
      "banane",
      "carotte",
      "cerise",
      "citron",
      "pasteque",
      "tomate",
    ]);
  });

  it("checks colour and pair", () => {
    expect(checkDefinedChoice(seats, cap, "bleu")).toBeNull();
    expect(checkDefinedChoice(seats, cap, "bleu", "banane")).toBeNull();
    expect(checkDefinedChoice(seats, cap, "bleu", "kiwi")).toBe("fruit_taken");
    expect(checkDefinedChoice(seats, cap, "rose")).toBe("color_unavailable");
    const fullBlue = FRUIT_KEYS.map((fruit) => ({ color: "bleu" as const, fruit, n: 1 }));
    expect(checkDefinedChoice(fullBlue, cap, "bleu")).toBe("color_full");
    const fullRoom = [...fullBlue, ...FRUIT_KEYS.map((fruit) => ({ color: "jaune" as const, fruit, n: 1 }))];
    expect(checkDefinedChoice(fullRoom, cap, "jaune", "kiwi")).toBe("room_full");
  });
});
