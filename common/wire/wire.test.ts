import { describe, expect, it } from "vitest";
import { clientMessages, type ClientMessage } from "./client-to-server";
import { helpSquare, question, rankedPlayer, type RoomMessage, serverMessages } from "./server-to-client";

const ranked = { rank: 2, seatId: "p7", pseudo: "Kiwi bleu", marker: "Kiwibleu", points: 12.5, questionPoints: 4.5, rankMove: -1 };

describe("the room's messages: one table, the code's names inside, the wire's outside", () => {
  it("writes the wire's names in the wire's order, and reads them back", () => {
    const reveal: RoomMessage = {
      type: "pres_results",
      questionIndex: 1,
      questionCount: 3,
      isLast: false,
      spot: { lat: 45, lng: 5 },
      answers: [[7, 0, 4, 1, 45.00001, 5, 12, 4]],
      ranking: [ranked],
      teams: [{ team: "bleu", name: "Équipe bleue", rank: 1, points: 12.5, rankMove: 0, players: ["Kiwi bleu"] }],
      playersCount: 1,
      answersCount: 1,
    };
    const wire = serverMessages.toWire(reveal);
    expect(JSON.stringify(wire)).toBe(
      '{"type":"pres_results","questionIndex":1,"questionsNb":3,"isLast":false,"spot":{"lat":45,"lng":5},' +
        '"answers":[[7,0,4,1,45.00001,5,12,4]],' +
        '"results":[{"rank":2,"playerID":"p7","pseudo":"Kiwi bleu","marker":"Kiwibleu","points":12.5,"pointsQuestion":4.5,"classementMove":-1}],' +
        '"team_results":[{"team":"bleu","name":"Équipe bleue","rank":1,"points":12.5,"classementMove":0,"players":["Kiwi bleu"]}],' +
        '"playersCount":1,"answersCount":1}'
    );
    expect(serverMessages.toCode(serverMessages.check(JSON.parse(JSON.stringify(wire)))!)).toEqual(reveal);
  });

  it("leaves out what is undefined, as JSON does, and keeps what the wire leaves out out", () => {
    const taken: RoomMessage = { type: "fruit_selected_callback", status: true, pseudo: "Kiwi bleu", seatId: "p3", token: "p3_secret" };
    expect(JSON.stringify(serverMessages.toWire(taken))).toBe(
      '{"type":"fruit_selected_callback","status":true,"pseudo":"Kiwi bleu","playerID":"p3","token":"p3_secret"}'
    );
    const refused = serverMessages.toCode(serverMessages.check({ type: "fruit_selected_callback", status: false, code: "fruit_taken" })!);
    expect(refused).toEqual({ type: "fruit_selected_callback", status: false, code: "fruit_taken" });
    expect(Object.keys(refused)).toEqual(["type", "status", "code"]);
  });

  it("writes a question's title as the specification's titre, after its description", () => {
    const q = { name: "q", kind: "photo" as const, imageUrl: "/a.jpg", streetview: null, lat: 1, lng: 2, title: "T", description: "D" };
    expect(JSON.stringify(question.toWire(q))).toBe(
      '{"name":"q","kind":"photo","imageUrl":"/a.jpg","streetview":null,"lat":1,"lng":2,"description":"D","titre":"T"}'
    );
  });

  it("writes a help square's edges south-west then north-east, and reads them back whichever corner comes first", () => {
    const square = { north: 45.01, south: 44.99, east: 5.02, west: 4.98 };
    expect(JSON.stringify(helpSquare.toWire(square))).toBe('{"lat1":44.99,"lon1":4.98,"lat2":45.01,"lon2":5.02}');
    expect(helpSquare.toCode({ lat1: 45.01, lon1: 5.02, lat2: 44.99, lon2: 4.98 })).toEqual(square);
  });

  it("refuses a ranking line without its seat or with a field of the wrong kind, at any depth", () => {
    const line = rankedPlayer.toWire(ranked);
    expect(rankedPlayer.check(line)).toBe(true);
    const { playerID: _, ...noSeat } = line;
    expect(rankedPlayer.check(noSeat)).toBe(false);
    expect(rankedPlayer.check({ ...line, classementMove: "1" })).toBe(false);
    const end = { type: "pres_endGame", ranking: [line], team_results: null, playersCount: 1, night: null };
    expect(serverMessages.check(end)).not.toBeNull();
    expect(serverMessages.check({ ...end, ranking: [noSeat] })).toBeNull();
    expect(serverMessages.check({ ...end, night: { round: 2, ranking: [line] } })).toBeNull();
  });
});

describe("a page's messages: written under the code's names, sent under the wire's", () => {
  it("names a seat playerID on the wire", () => {
    const kick: ClientMessage = { type: "pres_kickPlayer", seatId: "p3" };
    expect(JSON.stringify(clientMessages.toWire(kick))).toBe('{"type":"pres_kickPlayer","playerID":"p3"}');
    expect(clientMessages.toCode(clientMessages.check({ type: "pres_extraTime", playerID: "p4" })!)).toEqual({ type: "pres_extraTime", seatId: "p4" });
  });

  it("checks every rule of the table and drops what it does not know", () => {
    expect(clientMessages.check({ type: "pres_kickPlayer", playerID: "p 3" })).toBeNull();
    expect(clientMessages.check({ type: "player_answer", questionIndex: 1000, coords: { lat: 0, lng: 0 } })).toBeNull();
    expect(clientMessages.check({ type: "player_chooseFruit", color: "vert", fruit: "mangue" })).toBeNull();
    const answer = clientMessages.check({ type: "player_answer", questionIndex: 2, coords: { lat: 1, lng: 2, alt: 3 }, time: 4 })!;
    expect(clientMessages.toCode(answer)).toStrictEqual({ type: "player_answer", questionIndex: 2, coords: { lat: 1, lng: 2 } });
  });
});
