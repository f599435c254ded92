import { describe, expect, it } from "vitest";
import { ROOM_TEXTS, type RoomTextCode, roomText, withParams } from "./room-texts";

describe("the pages' words for the room's codes", () => {
  it("words each code in French, the specification's sentences kept", () => {
    expect(roomText("room_full")).toBe("Cette salle est complète");
    expect(roomText("answer_late")).toBe("Temps écoulé : votre réponse n'a pas été prise en compte");
    expect(roomText("reload")).toBe("Une nouvelle version du jeu est disponible : la page va se recharger.");
    for (const text of Object.values(ROOM_TEXTS)) expect(text.trim()).not.toBe("");
  });

  it("puts each parameter in its placeholder, and leaves one it was not given as it is", () => {
    expect(withParams("Salle {room} : {count} joueurs, {missing}", { room: "123456", count: 2_000 })).toBe("Salle 123456 : 2000 joueurs, {missing}");
    expect(withParams("{toString}", {})).toBe("{toString}");
  });

  it("reads a code this build does not know as a bad message, never as nothing", () => {
    expect(roomText("from_a_newer_room" as RoomTextCode)).toBe(ROOM_TEXTS.bad_message);
    expect(roomText("toString" as RoomTextCode)).toBe(ROOM_TEXTS.bad_message);
  });
});
