import { describe, expect, it } from "vitest";
import { dashboardPath } from "@common/contracts/dashboard/format";
import { capacityLabel, formatPoints, formatPoints1, roomQuestionPath, rankMove, shortPoints } from "./format";
import { pickQuestionSound, stepSound, VOLUME } from "@common/media/sounds";
import { parseResume } from "./resume";
import { tIn } from "../../../tests/support/i18n";

describe("presenter formatting, in the night's language", () => {
  it("shows points with 2 decimals in results and 1 while a question runs", () => {
    expect(formatPoints(12.345, "fr")).toBe("12,35");
    expect(formatPoints(0, "fr")).toBe("0,00");
    expect(formatPoints(1234.5, "fr")).toBe("1 234,50");
    expect(formatPoints1(4.25, "fr")).toMatch(/^4,[23]$/);
    expect(formatPoints1(5, "fr")).toBe("5,0");
    expect(formatPoints(1234.5, "en")).toBe("1,234.50");
    expect(formatPoints(1234.5, "de")).toBe("1.234,50");
    expect(formatPoints1(5, "en")).toBe("5.0");
    expect(formatPoints(Number.NaN, "en")).toBe("0.00");
    expect([shortPoints(3, "fr"), shortPoints(2.5, "fr"), shortPoints(2.5, "en")]).toEqual(["3", "2,50", "2.50"]);
  });

  it("shows the capacity as players/(max_team x max_player or max_player)", () => {
    expect(capacityLabel(3, { mode: "player", capacity: 50, maxTeam: 6 }, "fr")).toEqual({ count: "3/50", detail: null });
    const team = capacityLabel(7, { mode: "team", capacity: 48, maxTeam: 6 }, "fr");
    expect(team.count).toBe("7/48");
    expect(tIn("fr")(team.detail!)).toBe("6 équipes × 8 joueurs");
    expect(tIn("en")(team.detail!)).toBe("6 teams × 8 players");
    expect(capacityLabel(1500, { mode: "player", capacity: 2000, maxTeam: 6 }, "en").count).toBe("1,500/2,000");
  });

  it("turns classementMove into an arrow", () => {
    const t = tIn("fr");
    expect(rankMove(2)).toMatchObject({ symbol: "▲", tone: "up" });
    expect(t(rankMove(2).label)).toBe("Gagne 2 places");
    expect(rankMove(-1)).toMatchObject({ symbol: "▼", tone: "down" });
    expect(t(rankMove(-1).label)).toBe("Perd 1 place");
    expect(rankMove(0)).toMatchObject({ symbol: "=", tone: "same" });
    expect(tIn("en")(rankMove(1).label)).toBe("Up 1 place");
    expect(tIn("de")(rankMove(-3).label)).toBe("3 Plätze runter");
  });

  it("leads back to the dashboard or the folder", () => {
    expect(dashboardPath("admin", null)).toBe("/pres");
    expect(dashboardPath("mj", null)).toBe("/mj");
    expect(dashboardPath("admin", 12)).toBe("/pres/12/x/folder");
    expect(dashboardPath("mj", 3)).toBe("/mj/3/x/folder");
    expect(roomQuestionPath("482913")).toBe("/salle/482913/question");
  });
});

describe("presenter sounds: files and volumes", () => {
  it("plays the right sound on each step at the right volume", () => {
    expect(stepSound("lobby", null)).toEqual({ id: 1, loop: true });
    expect(stepSound("ranking", 6)).toEqual({ id: 2, loop: false });
    expect(stepSound("podium", null)).toEqual({ id: 3, loop: false });
    expect(stepSound("question", 6)).toEqual({ id: 6, loop: true });
    expect(stepSound("resultsMap", 6)).toBeNull();
    expect(VOLUME).toMatchObject({ 1: 0.15, 3: 0.8, 4: 0.5, 5: 1, 6: 1, 7: 1 });
  });

  it("picks the question music among 5-7, not twice in a row", () => {
    const seen = new Set<number>();
    for (let r = 0; r < 1; r += 0.05) seen.add(pickQuestionSound(() => r));
    expect([...seen].sort()).toEqual([5, 6, 7]);
    for (let r = 0; r < 1; r += 0.05) expect(pickQuestionSound(() => r, 6)).not.toBe(6);
  });
});

describe("presenter resume record", () => {
  it("reads back only well-formed records", () => {
    expect(parseResume('{"questionIndex":2,"view":"classement","paused":true}')).toEqual({
      questionIndex: 2,
      view: "classement",
      paused: true,
      page: 0,
    });
    expect(parseResume('{"questionIndex":2,"view":"classement","paused":false,"page":7}')).toMatchObject({ page: 7 });
    expect(parseResume('{"questionIndex":2,"view":"classement","paused":false,"page":-3}')).toMatchObject({ page: 0 });
    expect(parseResume('{"questionIndex":-1,"view":"map","paused":false}')).toBeNull();
    expect(parseResume("{oops")).toBeNull();
    expect(parseResume(null)).toBeNull();
  });
});

import { colorOfPseudo, groupByTeam, inkOn } from "./players";

describe("presenter players", () => {
  it("reads the colour of a pseudo, numbered or accented", () => {
    expect(colorOfPseudo("Kiwi bleu")).toBe("bleu");
    expect(colorOfPseudo("Fraise verte 2")).toBe("vert");
    expect(colorOfPseudo("Pastèque turquoise")).toBe("turquoise");
    expect(colorOfPseudo("Banane jaune")).toBe("jaune");
    expect(colorOfPseudo("Inconnu")).toBeNull();
    expect(inkOn("jaune")).toBe("#0b1d3a");
    expect(inkOn("rouge")).toBe("#ffffff");
  });

  it("groups the lobby by team in the room's order", () => {
    const p = (id: string, team: "bleu" | "jaune") => ({
      seatId: id,
      pseudo: id,
      marker: id,
      color: team,
      team,
      connected: true,
    });
    const groups = groupByTeam([p("a", "jaune"), p("b", "bleu"), p("c", "jaune")], ["bleu", "jaune"]);
    expect(groups.map((g) => [g.team, g.players.map((x) => x.seatId)])).toEqual([
      ["bleu", ["b"]],
      ["jaune", ["a", "c"]],
    ]);
  });
});
