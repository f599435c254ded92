import { describe, expect, it } from "vitest";
import { LOCALES } from "../i18n/locales";
import { tIn } from "../../tests/support/i18n";
import { ROOM_CODES, type RoomTextCode, roomText } from "./room-texts";

describe("the pages' words for the room's codes", () => {
  it("words each code in French, the specification's sentences kept", () => {
    const t = tIn("fr");
    expect(t(roomText("room_full"))).toBe("Cette salle est complète");
    expect(t(roomText("answer_late"))).toBe("Temps écoulé : votre réponse n'a pas été prise en compte");
    expect(t(roomText("reload"))).toBe("Une nouvelle version du jeu est disponible : la page va se recharger.");
  });

  it("words every code in every language", () => {
    for (const locale of LOCALES) {
      const t = tIn(locale);
      for (const code of ROOM_CODES) expect(t(roomText(code)), `${locale} ${code}`).not.toMatch(/^room\.|^$/);
    }
  });

  it("reads a code this build does not know as a bad message, never as nothing", () => {
    expect(roomText("from_a_newer_room" as RoomTextCode)).toEqual(roomText("bad_message"));
    expect(roomText("toString" as RoomTextCode)).toEqual(roomText("bad_message"));
  });
});
