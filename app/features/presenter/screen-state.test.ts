import { describe, expect, it } from "vitest";
import type {
  PresNewRoomCallback,
  PresResults,
  ServerMessage,
  PlayerListEntry,
  Phase,
} from "@common/wire/protocol";
import { fromWire } from "@common/wire/room-messages";
import { initialState, presenterReducer, type PresenterState } from "./screen-state";
import type { ResumeRecord } from "./resume";
import { listOf } from "./roster";
import { tIn } from "../../../tests/support/i18n";

/** What the screen shows of a state's words, in French (and `locale` where asked). */
const fr = tIn("fr");
const said = (words: Parameters<typeof fr>[0] | null) => (words ? fr(words) : null);

const player = (n: number, connected = true): PlayerListEntry => ({
  playerID: `p${n}`,
  pseudo: `Kiwi ${n}`,
  marker: `Kiwi${n}`,
  color: "bleu",
  team: null,
  connected,
});

function newRoom(phase: Phase, players: PlayerListEntry[] = []): PresNewRoomCallback {
  return {
    type: "pres_newRoom_callback",
    roomID: "482913",
    quizzData: {
      name: "Quiz",
      description: "",
      questions: [],
      mapSettings: { center: { lat: 0, lng: 0 }, zoom: 12, bounds: { north: 1, south: -1, east: 1, west: -1 } },
      targetSettings: [],
      pointsSettings: { point_max_temps: 5, circlesPoints: [2, 3, 4, 5] },
    },
    colors: ["bleu"],
    settings: { iconType: "random", mode: "player", answerTimeSec: 15, helpZone: null, maxPlayer: 50, maxTeam: 6, photoOnPhones: false, capacity: 50 },
    helpSettings: [],
    phase,
    playerList: players,
    playersCount: players.length,
    locked: false,
  };
}

const question = (index: number): ServerMessage => ({
  type: "pres_newQuestion",
  questionIndex: index,
  questionsNb: 3,
  question: { name: "q", kind: "photo", imageUrl: "/x.jpg", streetview: null, lat: 0, lng: 0, titre: "", description: "" },
  maxAnswerTime: 15_000,
  remainingMs: 15_000,
  answeredCount: 0,
  expectedCount: 2,
});

const results = (index: number): PresResults => ({
  type: "pres_results",
  questionIndex: index,
  questionsNb: 3,
  isLast: index === 2,
  spot: { lat: 0, lng: 0 },
  answers: [],
  results: [],
  team_results: null,
  playersCount: 2,
  answersCount: 0,
});

const wire = (messages: ServerMessage[]) => messages.map(fromWire);

function run(messages: ServerMessage[], start: PresenterState = initialState, resume: ResumeRecord | null = null) {
  return messages.reduce((s, msg, i) => presenterReducer(s, { type: "message", msg: fromWire(msg), now: 1000 + i, resume }), start);
}

describe("presenter screen state: « Temps adapté »", () => {
  const extra = (questionIndex: number, remainingMs: number): ServerMessage => ({
    type: "pres_extraTime_callback",
    playerID: "p2",
    pseudo: "Kiwi 2",
    questionIndex,
    answerTimeMs: 30_000,
    remainingMs,
  });

  it("lists the seats given more time with their own deadline, says so once, and forgets them at the next question", () => {
    let s = run([newRoom("question", [player(1), player(2)]), question(0)]);
    s = run([extra(0, 25_000)], s);
    // run() stamps the n-th message at 1000 + n: this one at 1000.
    expect(s.question?.extraTime).toEqual([{ seatId: "p2", pseudo: "Kiwi 2", deadline: 26_000 }]);
    expect(said(s.notice)).toBe("Kiwi 2 a deux fois plus de temps pour cette question");
    // A reconnection replays the question, then the extra time: one line, the new reading.
    s = run([question(0), extra(0, 20_000)], { ...s, notice: null });
    expect(s.question?.extraTime).toEqual([{ seatId: "p2", pseudo: "Kiwi 2", deadline: 21_001 }]);
    expect(s.notice).toBeNull();
    expect(run([extra(1, 20_000)], s)).toEqual(s);
    expect(run([question(1)], s).question?.extraTime).toEqual([]);
  });
});

describe("presenter screen state: the steps it moves through", () => {
  it("goes lobby -> starting -> question -> revealLoading -> map -> ranking -> next question -> end", () => {
    let s = run([newRoom("lobby", [player(1)])]);
    expect(s.step).toBe("lobby");
    expect(s.players.size).toBe(1);

    s = run([{ type: "pres_newPlayer", player: player(2), playersCount: 2 }], s);
    expect(s.playersCount).toBe(2);

    s = run([{ type: "pres_startGame_callback", startsInMs: 5000 }], s);
    expect(s.step).toBe("starting");
    expect(s.startingEndsAt).toBe(6000);

    s = run([question(0)], s);
    expect(s.step).toBe("question");
    s = run(
      [
        {
          type: "pres_playerAnswered",
          questionIndex: 0,
          answers: [{ playerID: "p1", pseudo: "Kiwi 1", marker: "Kiwi1", time: 800 }],
          answeredCount: 1,
          expectedCount: 2,
        },
      ],
      s,
    );
    expect(s.question?.answers).toHaveLength(1);
    expect(s.question?.answeredCount).toBe(1);

    s = run([{ type: "pres_endQuestion", questionIndex: 0 }, results(0)], s);
    expect(s.step).toBe("revealLoading");
    expect(s.results?.questionIndex).toBe(0);

    s = presenterReducer(s, { type: "showResultsMap" });
    expect(s.step).toBe("resultsMap");
    s = presenterReducer(s, { type: "resultsMapDone", now: 0 });
    expect(s.step).toBe("ranking");

    s = presenterReducer(s, { type: "showPage", page: 1, resume: false, now: 0 });
    expect(s.rankingPage).toBe(1);
    s = presenterReducer(s, { type: "pause" });
    expect(s.paused).toBe(true);
    // The automatic paging leaves a pause alone; 'Page suivante' ends it.
    expect(presenterReducer(s, { type: "showPage", page: 2, resume: false, now: 0 })).toMatchObject({ paused: true, rankingPage: 2 });
    s = presenterReducer(s, { type: "showPage", page: 2, resume: true, now: 0 });
    expect(s).toMatchObject({ paused: false, rankingPage: 2 });
    s = presenterReducer(s, { type: "pause" });
    s = presenterReducer(s, { type: "advance" });
    expect(s).toMatchObject({ paused: false, advanceRequested: true });

    s = run([question(1)], s);
    expect(s).toMatchObject({ step: "question", advanceRequested: false, results: null, rankingPage: 0 });
    // A late page turn after the next question arrived changes nothing.
    expect(presenterReducer(s, { type: "showPage", page: 5, resume: true, now: 0 })).toBe(s);
    expect(s.question?.answers).toEqual([]);

    s = run([{ type: "pres_endGame", ranking: [], team_results: null, playersCount: 2, night: null }], s);
    expect(s.step).toBe("podium");
  });

  it("shows the room locked or not, as the room says on every hello and at every change", () => {
    let s = run([newRoom("lobby")]);
    expect(s.locked).toBe(false);
    s = run([{ type: "pres_lockRoom_callback", locked: true }], s);
    expect(s.locked).toBe(true);
    expect(said(s.notice)).toBe("Salle verrouillée : plus personne ne peut entrer");
    expect(tIn("en")(s.notice!)).toBe("Room locked: nobody else can come in");
    // A reload (or the room restarted): the room's word wins.
    s = run([{ ...newRoom("question"), locked: true }], initialState);
    expect(s.locked).toBe(true);
    s = run([{ type: "pres_lockRoom_callback", locked: false }], s);
    expect([s.locked, said(s.notice)]).toEqual([false, "Salle déverrouillée"]);
  });

  it("lists the networks whose phones wait for the pseudo screen, as the room last said", () => {
    let s = run([newRoom("lobby")]);
    expect(s.pseudoLine).toEqual([]);
    const networks = [{ network: "0a1b2c3d", choosing: 50, waiting: 2 }];
    s = run([{ type: "pres_pseudoLine", networks }], s);
    expect(s.pseudoLine).toEqual(networks);
    s = run([{ type: "pres_pseudoLine", networks: [] }], s);
    expect(s.pseudoLine).toEqual([]);
  });

  it("removes kicked players and says so", () => {
    let s = run([newRoom("lobby", [player(1), player(2)])]);
    s = run([{ type: "pres_kickPlayer_callback", playerID: "p1", pseudo: "Kiwi 1", playersCount: 1 }], s);
    expect(listOf(s.players).map((p) => p.seatId)).toEqual(["p2"]);
    expect(said(s.notice)).toBe("Kiwi 1 a été exclu de la partie");
    expect(tIn("de")(s.notice!)).toBe("Kiwi 1 wurde aus dem Spiel entfernt");
  });

  it("keeps the answers on the axis when the socket comes back mid-question", () => {
    let s = run([newRoom("question"), question(0)]);
    s = run(
      [
        {
          type: "pres_playerAnswered",
          questionIndex: 0,
          answers: [{ playerID: "p1", pseudo: "Kiwi 1", marker: "Kiwi1", time: 800 }],
          answeredCount: 1,
          expectedCount: 2,
        },
      ],
      s,
    );
    s = run([newRoom("question"), { ...question(0), remainingMs: 9000, answeredCount: 1 } as ServerMessage], s);
    expect(s.step).toBe("question");
    expect(s.question?.answers).toHaveLength(1);
  });

  it("after a reload mid-question, puts back the markers the room replays", () => {
    const replay: ServerMessage = {
      type: "pres_playerAnswered",
      questionIndex: 0,
      answers: [
        { playerID: "p2", pseudo: "Kiwi 2", marker: "Kiwi2", time: 400 },
        { playerID: "p1", pseudo: "Kiwi 1", marker: "Kiwi1", time: 800 },
      ],
      answeredCount: 2,
      expectedCount: 4,
    };
    const s = run([newRoom("question"), { ...question(0), answeredCount: 2, expectedCount: 4 } as ServerMessage, replay]);
    expect(s.question?.answers.map((a) => [a.seatId, a.elapsedMs])).toEqual([
      ["p2", 400],
      ["p1", 800],
    ]);
    expect([s.question?.answeredCount, s.question?.expectedCount]).toEqual([2, 4]);
  });

  it("after a reload during the reveal, replays the map unless the ranking was already shown", () => {
    const fresh = run([newRoom("reveal"), results(1)]);
    expect(fresh.step).toBe("revealLoading");

    const back = run([newRoom("reveal"), results(1)], initialState, { questionIndex: 1, view: "classement", paused: true, page: 3 });
    expect(back).toMatchObject({ step: "ranking", paused: true, rankingPage: 3 });

    const stale = run([newRoom("reveal"), results(1)], initialState, { questionIndex: 0, view: "classement", paused: true, page: 3 });
    expect(stale.step).toBe("revealLoading");
  });

  it("does not restart the reveal when the socket comes back during it", () => {
    let s = run([newRoom("reveal"), results(1)]);
    s = presenterReducer(s, { type: "showResultsMap" });
    s = presenterReducer(s, { type: "resultsMapDone", now: 0 });
    s = run([newRoom("reveal"), results(1)], s);
    expect(s.step).toBe("ranking");
  });

  it("shows a closed room and the room's errors, worded from their codes", () => {
    expect(run([newRoom("closed")]).step).toBe("closed");
    const s = run([
      newRoom("lobby"),
      { type: "error", code: "no_players" },
    ]);
    expect(said(s.error)).toBe("Impossible de lancer la partie sans joueur");
    expect(s.step).toBe("lobby");
    // 'Redémarrer' or another tab's 'Nouvelle partie' closed the room under us.
    const closed = run([{ type: "error", code: "room_closed" }], s);
    expect(closed.step).toBe("closed");
  });

  it("waits on the loading screen when it reconnects into a running game", () => {
    const s = run([newRoom("over")]);
    expect(s.step).toBe("loading");
    expect(run([{ type: "pres_endGame", ranking: [], team_results: null, playersCount: 0, night: null }], s).step).toBe("podium");
  });
});

describe("presenter screen state: a crowded lobby", () => {
  it("takes a batch of arrivals, departures and kicks in their order, in one step", () => {
    const s0 = run([newRoom("lobby", [player(1)])]);
    const s1 = presenterReducer(s0, {
      type: "messages",
      msgs: wire([
        { type: "pres_newPlayer", player: player(2), playersCount: 2 },
        { type: "pres_newPlayer", player: player(3), playersCount: 3 },
        { type: "pres_newPlayer", player: { ...player(2), connected: false }, playersCount: 3 },
        { type: "pres_kickPlayer_callback", playerID: "p1", pseudo: "Kiwi 1", playersCount: 2 },
      ]),
      now: 2000,
      resume: null,
    });
    expect(listOf(s1.players).map((p) => [p.seatId, p.connected])).toEqual([
      ["p2", false],
      ["p3", true],
    ]);
    expect([s1.playersCount, s1.players.connected, said(s1.notice)]).toEqual([2, 1, "Kiwi 1 a été exclu de la partie"]);
    // The state it started from is untouched: the reducer stays pure.
    expect(listOf(s0.players).map((p) => p.seatId)).toEqual(["p1"]);
  });

  it("adds the 2,000th player without copying the 1,999 before it", () => {
    let s = run([newRoom("lobby")]);
    for (let n = 1; n < 2000; n++) s = run([{ type: "pres_newPlayer", player: player(n), playersCount: n }], s);
    const before = s.players;
    const after = run([{ type: "pres_newPlayer", player: player(2000), playersCount: 2000 }], s).players;
    expect(after.size).toBe(2000);
    // Every block of seats but the last is the very same array: nothing was copied.
    const shared = after.blocks.filter((b, i) => b === before.blocks[i]).length;
    expect(shared).toBe(after.blocks.length - 1);
    expect(before.size).toBe(1999);
  });
});
