import { describe, expect, it } from "vitest";
import { DEFAULT_OPTIONS, defaultMaxPlayer } from "@common/rules";
import {
  folderPath,
  folderUrl,
  formatPlayedAt,
  launchUrl,
  moveTargets,
  presenterRoomPath,
  sideOfPath,
  subtreeIds,
  watchUrl,
} from "./format";

describe("formatPlayedAt: dd/mm/yyyy HHhMM in French", () => {
  it("writes Paris time, winter and summer", () => {
    expect(formatPlayedAt(Date.UTC(2025, 0, 5, 8, 7))).toBe("05/01/2025 09h07");
    expect(formatPlayedAt(Date.UTC(2025, 6, 14, 21, 30))).toBe("14/07/2025 23h30");
    expect(formatPlayedAt(Date.UTC(2024, 11, 31, 23, 0))).toBe("01/01/2025 00h00");
  });
  it("keeps the French form in French, and gives other languages their own, Paris time still", () => {
    const at = Date.UTC(2025, 2, 14, 19, 5);
    expect(formatPlayedAt(at, "fr")).toBe("14/03/2025 20h05");
    expect(formatPlayedAt(at, "en")).toBe("3/14/25, 8:05 PM");
    expect(formatPlayedAt(at, "de")).toBe("14.03.25, 20:05");
  });
});

describe("launchUrl with its launch parameters", () => {
  it("admin, player mode, defaults", () => {
    expect(launchUrl("admin", "capitales-abcd2345", DEFAULT_OPTIONS, null)).toBe(
      "/pres/capitales-abcd2345?icon=random&time=60&help_zone=500&max_player=50",
    );
  });
  it("admin, team mode: /team, max_team, folderId", () => {
    const options = { ...DEFAULT_OPTIONS, mode: "team" as const, maxPlayer: defaultMaxPlayer("team"), iconType: "defined" as const, helpZoneM: null };
    expect(launchUrl("admin", "q-1", options, 7)).toBe(
      "/pres/q-1/team?icon=defined&time=60&help_zone=non&max_player=8&max_team=6&folderId=7",
    );
  });
  it("MJ, team mode: /mj with ranking=team", () => {
    const options = { ...DEFAULT_OPTIONS, mode: "team" as const, maxPlayer: 5, maxTeam: 3, answerTimeSec: 30 };
    expect(launchUrl("mj", "q-1", options, null)).toBe(
      "/mj/q-1?ranking=team&icon=random&time=30&help_zone=500&max_player=5&max_team=3",
    );
  });
  it("keeps the numbers within what the room accepts", () => {
    const url = launchUrl("mj", "q", { ...DEFAULT_OPTIONS, iconType: "defined", maxPlayer: 500 }, null);
    expect(new URL(url, "http://x").searchParams.get("max_player")).toBe("54");
    const team = launchUrl("mj", "q", { ...DEFAULT_OPTIONS, mode: "team", maxTeam: 9, maxPlayer: 0 }, null);
    expect(new URL(team, "http://x").searchParams.get("max_team")).toBe("6");
    expect(new URL(team, "http://x").searchParams.get("max_player")).toBe("1");
  });
});

describe("presenterRoomPath", () => {
  it("names the room and the folder to go back to, never the quiz", () => {
    expect(presenterRoomPath("admin", "482913", null)).toBe("/pres/salle/482913");
    expect(presenterRoomPath("mj", "482913", 7)).toBe("/mj/salle/482913?folderId=7");
  });
});

describe("folder tree helpers", () => {
  const tree = [
    { id: 1, name: "Voyages", parentId: null, ownerId: 10 },
    { id: 2, name: "Europe", parentId: 1, ownerId: 10 },
    { id: 3, name: "Capitales", parentId: 2, ownerId: 10 },
    { id: 4, name: "Sport", parentId: null, ownerId: 10 },
    { id: 5, name: "Autre compte", parentId: null, ownerId: 11 },
  ];
  it("finds a sub-tree and a path", () => {
    expect([...subtreeIds(tree, 1)].sort()).toEqual([1, 2, 3]);
    expect(folderPath(tree, 3)).toBe("Voyages / Europe / Capitales");
  });
  it("offers as move targets neither the folder itself, its sub-folders, its current parent, nor another account's", () => {
    expect(moveTargets(tree, { ownerId: 10, currentFolderId: null, folderId: 1 }).map((t) => t.id)).toEqual([4]);
    expect(moveTargets(tree, { ownerId: 10, currentFolderId: 1, folderId: 2 }).map((t) => t.label)).toEqual(["Sport"]);
    expect(moveTargets(tree, { ownerId: 10, currentFolderId: 3 }).map((t) => t.label)).toEqual([
      "Sport",
      "Voyages",
      "Voyages / Europe",
    ]);
  });
  it("builds the addresses of folder pages and of the public viewer", () => {
    expect(folderUrl("mj", { id: 3, name: "Été à Lyon" })).toBe("/mj/3/%C3%89t%C3%A9%20%C3%A0%20Lyon/folder");
    expect(folderUrl("admin", { id: 3, name: "A" })).toBe("/pres/3/A/folder");
    expect(watchUrl("https://repere.fr", "q-1")).toBe("https://repere.fr/watch?quiz=q-1");
  });
});

describe("sideOfPath", () => {
  it("reads the side of both sides' addresses", () => {
    for (const path of ["/mj", "/mj/", "/mj/lobby", "/mj/salle/123456", "/mj/1/Europe/folder", "/api/auth/mj/login", "/api/auth/mj/check"]) {
      expect(sideOfPath(path), path).toBe("mj");
    }
    for (const path of ["/pres", "/pres/lobby", "/pres/mj", "/pres/quiz-x/team", "/api/auth/login", "/mjolnir", "/api/auth/check"]) {
      expect(sideOfPath(path), path).toBe("admin");
    }
  });
});
