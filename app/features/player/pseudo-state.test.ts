import { describe, expect, it } from "vitest";
import { roomText } from "@common/client/room-texts";
import { fromWire } from "@common/wire/room-messages";
import type { PseudoRoomInfo, ServerMessage } from "@common/wire/protocol";
import {
  CHOICE_HELD,
  COLOR_RACE_LOST,
  FRUIT_GONE,
  FRUIT_RACE_LOST,
  PICK_COLOR_ALERT,
  PICK_FRUIT_ALERT,
  colorFull,
  fruitTaken,
  initialPseudoState,
  pseudoReducer,
  type PseudoAction,
  type PseudoState,
} from "./pseudo-state";
import { joinedAs } from "./joined.fixture";

const info = (over: Partial<PseudoRoomInfo> = {}): PseudoRoomInfo => ({
  colors: ["bleu", "jaune", "rose", "rouge", "turquoise", "vert"],
  colorsUsed: { bleu: 0, jaune: 0, rose: 0, rouge: 0, turquoise: 0, vert: 0 },
  max_players: 9,
  fruitsUsed: { bleu: [], jaune: [], rose: [], rouge: [], turquoise: [], vert: [] },
  fruits: ["ananas", "banane", "carotte", "cerise", "citron", "fraise", "kiwi", "pasteque", "tomate"],
  ...over,
});
const server = (msg: ServerMessage): PseudoAction => ({ type: "server", msg: fromWire(msg) });
const run = (actions: PseudoAction[], from: PseudoState = initialPseudoState) => actions.reduce(pseudoReducer, from);
const opened = () => run([{ type: "socket", status: "open" }, server({ type: "player_joinPseudoRoom_callback", ...info() })]);

describe("pseudo selection", () => {
  it("asks for a colour, then a fruit, before sending anything", () => {
    let s = run([{ type: "validateColor" }], opened());
    expect(s.alert).toBe(PICK_COLOR_ALERT);
    expect(s.request).toBeNull();
    s = run([{ type: "pickColor", color: "vert" }, { type: "validateColor" }], s);
    expect(s.alert).toBeNull();
    expect(s.request?.msg).toEqual({ type: "player_chooseColor", color: "vert" });
    expect(s.waiting).toBe(true);
    s = run([server({ type: "color_selected_callback", status: true, color: "vert", fruits: ["kiwi", "fraise"] })], s);
    expect(s.step).toBe("fruit");
    // The room's free list is the truth: the other seven are shown taken.
    expect(fruitTaken(s.info!, "vert", "ananas")).toBe(true);
    expect(fruitTaken(s.info!, "vert", "kiwi")).toBe(false);
    s = run([{ type: "validateFruit" }], s);
    expect(s.alert).toBe(PICK_FRUIT_ALERT);
    s = run([{ type: "pickFruit", fruit: "ananas" }], s);
    expect(s.fruit).toBeNull();
    s = run([{ type: "pickFruit", fruit: "fraise" }, { type: "validateFruit" }], s);
    expect(s.request?.msg).toEqual({ type: "player_chooseFruit", color: "vert", fruit: "fraise" });
    s = run([server({ type: "fruit_selected_callback", status: true, pseudo: "Fraise verte", playerID: "p3", token: "p3_x" })], s);
    expect(s.done).toEqual({ pseudo: "Fraise verte", token: "p3_x" });
  });

  it("says why it waits when its network has too many phones on the pseudo screen, until it gets its place", () => {
    const tooMany = server({ type: "error", code: "too_many_seats" });
    let s = run([{ type: "socket", status: "open" }, tooMany]);
    expect(s.info).toBeNull();
    expect(s.fatal).toBeNull();
    expect(s.alert).toEqual(roomText("too_many_seats"));
    s = run([tooMany, server({ type: "player_joinPseudoRoom_callback", ...info() })], s);
    expect(s.info).not.toBeNull();
    expect(s.alert).toBeNull();
    // Once on the pseudo screen, a later refresh of it keeps what the page said.
    s = run([{ type: "validateColor" }, server({ type: "player_joinPseudoRoom_callback", ...info() })], s);
    expect(s.alert).toBe(PICK_COLOR_ALERT);
  });

  it("disables a full colour and updates live as other phones choose", () => {
    let s = run([server({ type: "player_joinPseudoRoom_callback", ...info({ max_players: 2 }) })]);
    s = run([server({ type: "color_selected", selectedColor: "rose" }), server({ type: "color_selected", selectedColor: "rose" })], s);
    expect(colorFull(s.info!, "rose")).toBe(true);
    expect(run([{ type: "pickColor", color: "rose" }], s).color).toBeNull();
    s = run([server({ type: "fruit_selected", color: "bleu", selectedFruit: "kiwi" })], s);
    expect(fruitTaken(s.info!, "bleu", "kiwi")).toBe(true);
  });

  it("tells the loser of a fruit race plainly and lets them pick again", () => {
    let s = run(
      [
        { type: "pickColor", color: "bleu" },
        { type: "validateColor" },
        server({ type: "color_selected_callback", status: true, color: "bleu", fruits: ["kiwi", "tomate"] }),
        { type: "pickFruit", fruit: "kiwi" },
        { type: "validateFruit" },
      ],
      opened(),
    );
    s = run(
      [
        server({
          type: "fruit_selected_callback",
          status: false,
          code: "fruit_taken",
          info: info({ fruitsUsed: { bleu: ["kiwi"], jaune: [], rose: [], rouge: [], turquoise: [], vert: [] } }),
        }),
      ],
      s,
    );
    expect(s.alert).toBe(FRUIT_RACE_LOST);
    expect(s.waiting).toBe(false);
    expect(s.fruit).toBeNull();
    expect(fruitTaken(s.info!, "bleu", "kiwi")).toBe(true);
    expect(s.step).toBe("fruit");
  });

  it("drops the selected fruit when another phone takes it first", () => {
    let s = run(
      [
        { type: "pickColor", color: "bleu" },
        { type: "validateColor" },
        server({ type: "color_selected_callback", status: true, color: "bleu", fruits: ["kiwi", "tomate"] }),
        { type: "pickFruit", fruit: "kiwi" },
      ],
      opened(),
    );
    s = run([server({ type: "fruit_selected", color: "bleu", selectedFruit: "kiwi" })], s);
    expect(s.fruit).toBeNull();
    expect(s.alert).toBe(FRUIT_GONE);
  });

  it("sends a loser of a colour race back to the colours", () => {
    let s = run([{ type: "pickColor", color: "jaune" }, { type: "validateColor" }], opened());
    s = run([server({ type: "color_selected_callback", status: false, color: "jaune", fruits: [], code: "color_full" })], s);
    expect(s.step).toBe("color");
    expect(s.alert).toBe(COLOR_RACE_LOST);
    expect(colorFull(s.info!, "jaune")).toBe(true);
  });

  it("stops on a full room, a kick, an end, or a seat the room already knows", () => {
    expect(run([server({ type: "error", code: "room_full" })]).fatal).toBe("room_full");
    expect(run([server({ type: "player_kicked", reason: "ended" })]).kicked).toBe("ended");
    const s = run([
      server(
        joinedAs({
          token: "p1_t",
          maxAnswerTime: 60,
          questionsNb: 1,
          mapSettings: { center: { lat: 0, lng: 0 }, zoom: 3, bounds: { north: 1, south: -1, east: 1, west: -1 } },
        }),
      ),
    ]);
    expect(s.done).toEqual({ pseudo: "Kiwi bleu", token: "p1_t" });
  });

  it("holds a choice whose socket dropped, and sends it again once the room lets the phone back in", () => {
    let s = run([{ type: "pickColor", color: "vert" }, { type: "validateColor" }], opened());
    s = run([server({ type: "color_selected_callback", status: true, color: "vert", fruits: ["kiwi", "fraise"] })], s);
    s = run([{ type: "pickFruit", fruit: "kiwi" }, { type: "validateFruit" }], s);
    const sent = s.request!;
    s = run([{ type: "socket", status: "closed" }], s);
    expect(s.alert).toBe(CHOICE_HELD);
    expect(s.waiting).toBe(true);
    expect(s.request).toBe(sent); // nothing new to send while the socket is down
    // Back: the room first refuses the way in (its share of pseudo screens), then lets it in.
    s = run([{ type: "socket", status: "open" }, server({ type: "error", code: "too_many_seats" })], s);
    expect(s.request).toBe(sent);
    expect(s.waiting).toBe(true);
    s = run([server({ type: "player_joinPseudoRoom_callback", ...info() })], s);
    expect(s.request?.id).toBeGreaterThan(sent.id);
    expect(s.request?.msg).toEqual({ type: "player_chooseFruit", color: "vert", fruit: "kiwi" });
    expect(s.alert).toBeNull();
    s = run([server({ type: "fruit_selected_callback", status: true, pseudo: "Kiwi vert", token: "p1_t" })], s);
    expect(s.done).toEqual({ pseudo: "Kiwi vert", token: "p1_t" });
  });

  it("holds a choice that could not leave, or reached a socket the room had not let in yet", () => {
    let s = run([{ type: "pickColor", color: "vert" }, { type: "validateColor" }, { type: "requestFailed" }], opened());
    expect(s.alert).toBe(CHOICE_HELD);
    s = run([server({ type: "player_joinPseudoRoom_callback", ...info() })], s);
    expect(s.request?.msg).toEqual({ type: "player_chooseColor", color: "vert" });
    s = run([server({ type: "error", code: "not_identified" })], s);
    expect(s.alert).toBe(CHOICE_HELD);
    s = run([server({ type: "player_joinPseudoRoom_callback", ...info() })], s);
    expect(s.request?.msg).toEqual({ type: "player_chooseColor", color: "vert" });
  });

  it("leaves the buttons free when the socket drops with nothing on its way", () => {
    const s = run([{ type: "pickColor", color: "vert" }, { type: "socket", status: "closed" }], opened());
    expect(s.waiting).toBe(false);
    expect(s.held).toBeNull();
    expect(s.alert).toBeNull();
  });
});
