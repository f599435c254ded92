import { describe, expect, it } from "vitest";
import type { RoomMessage, RoomMessageOf } from "@common/wire/room-messages";
import { AUTO_ADVANCE_MS } from "@common/rules";
import { presenterDeadlines, rankingPageEndsAt, TOAST_MS } from "./presenter-deadlines";
import { PAGE_MS } from "./ranking-pages";
import { initialState, presenterReducer, REVEAL_LOADING_MIN_MS, type PresenterState } from "./screen-state";

const results = (questionIndex: number): RoomMessageOf<"pres_results"> => ({
  type: "pres_results",
  questionIndex,
  questionCount: 3,
  isLast: questionIndex === 2,
  spot: { lat: 0, lng: 0 },
  answers: [],
  ranking: [],
  teams: null,
  playersCount: 2,
  answersCount: 0,
});

/** A question open on the screen, as the room's pres_newQuestion leaves it (deadline 16 s). */
const asking: PresenterState = {
  ...initialState,
  connection: "open",
  step: "question",
  question: {
    index: 0,
    count: 3,
    question: { name: "q", kind: "photo", imageUrl: "/x.jpg", streetview: null, lat: 0, lng: 0, title: "", description: "" },
    answerTimeMs: 15_000,
    deadline: 16_000,
    answers: [],
    answeredCount: 0,
    expectedCount: 2,
    extraTime: [],
  },
};

const said = (s: PresenterState, now: number, ...msgs: RoomMessage[]) =>
  presenterReducer(s, { type: "messages", msgs, now, resume: null });

describe("presenterDeadlines: what the screen does by itself, and when", () => {
  it("leaves a running question to the room: nothing is due, not even past its deadline or with extra time", () => {
    expect(presenterDeadlines(asking, 1)).toEqual([]);
    const extra = said(asking, 1000, {
      type: "pres_extraTime_callback",
      seatId: "p2",
      pseudo: "Kiwi 2",
      questionIndex: 0,
      answerTimeMs: 30_000,
      remainingMs: 25_000,
    });
    // The extra time only says so: the notice fades, the reveal waits for the room.
    expect(presenterDeadlines(extra, 1)).toEqual([{ at: 1000 + TOAST_MS, action: { type: "dismiss" } }]);
  });

  it("question -> reveal -> results map -> every ranking page -> the next question, each at its time", () => {
    // The room closes the question at 16 s; the results come 300 ms later.
    let s = said(asking, 16_000, { type: "pres_endQuestion", questionIndex: 0 });
    expect(s.step).toBe("revealLoading");
    expect(presenterDeadlines(s, 1)).toEqual([]); // nothing to show yet
    s = said(s, 16_300, results(0));
    // 'Chargement des résultats' counts from when it appeared, not from the results.
    expect(presenterDeadlines(s, 1)).toEqual([{ at: 16_000 + REVEAL_LOADING_MIN_MS, action: { type: "showResultsMap" } }]);

    s = presenterReducer(s, { type: "showResultsMap" });
    expect(s.step).toBe("resultsMap");
    // The map's own sequence (results-timeline.ts) ends it: the screen waits for it.
    expect(presenterDeadlines(s, 3)).toEqual([]);

    s = presenterReducer(s, { type: "resultsMapDone", now: 30_000 });
    expect(s.step).toBe("ranking");
    // Three pages: the first stays AUTO_ADVANCE_MS, the others PAGE_MS, then the next question.
    expect(presenterDeadlines(s, 3)).toEqual([{ at: 30_000 + AUTO_ADVANCE_MS, action: { type: "turnPage", next: { page: 1 } } }]);
    s = presenterReducer(s, { type: "showPage", page: 1, resume: false, now: 35_000 });
    expect(presenterDeadlines(s, 3)).toEqual([{ at: 35_000 + PAGE_MS, action: { type: "turnPage", next: { page: 2 } } }]);
    s = presenterReducer(s, { type: "showPage", page: 2, resume: false, now: 39_000 });
    expect(presenterDeadlines(s, 3)).toEqual([{ at: 39_000 + PAGE_MS, action: { type: "turnPage", next: "advance" } }]);
    // Asked for: nothing more until the room answers with the next question.
    s = presenterReducer(s, { type: "advance" });
    expect(presenterDeadlines(s, 3)).toEqual([]);
    expect(rankingPageEndsAt(s, 3)).toBeNull();
  });

  it("pages only the ranking as shown: one page of the socket's top goes straight to the next question", () => {
    const s = presenterReducer(
      presenterReducer(said(asking, 16_000, { type: "pres_endQuestion", questionIndex: 0 }, results(0)), { type: "showResultsMap" }),
      { type: "resultsMapDone", now: 30_000 },
    );
    expect(presenterDeadlines(s, 1)).toEqual([{ at: 30_000 + AUTO_ADVANCE_MS, action: { type: "turnPage", next: "advance" } }]);
    // A page kept from before a reload past the ranking's end reads as its last page.
    expect(presenterDeadlines({ ...s, rankingPage: 7 }, 2)).toEqual([{ at: 30_000 + PAGE_MS, action: { type: "turnPage", next: "advance" } }]);
  });

  it("holds the page while paused, and turns it only while the room can hear", () => {
    const ranking: PresenterState = { ...asking, step: "ranking", results: results(0), rankingPage: 0, pageSince: 30_000 };
    const paused = presenterReducer(ranking, { type: "pause" });
    expect(presenterDeadlines(paused, 3)).toEqual([]);
    expect(rankingPageEndsAt(paused, 3)).toBeNull();

    // Down: the countdown still shows, the page waits; back up past its time, it turns at once.
    const down = presenterReducer(ranking, { type: "connection", status: "down" });
    expect(presenterDeadlines(down, 3)).toEqual([]);
    expect(rankingPageEndsAt(down, 3)).toBe(30_000 + AUTO_ADVANCE_MS);
    const up = presenterReducer(down, { type: "connection", status: "open" });
    expect(presenterDeadlines(up, 3)[0]?.at).toBe(30_000 + AUTO_ADVANCE_MS);
  });

  it("a reload into the ranking times the page it comes back to from its arrival", () => {
    const s = presenterReducer(asking, {
      type: "message",
      msg: results(0),
      now: 50_000,
      resume: { questionIndex: 0, view: "classement", paused: false, page: 2 },
    });
    expect(s.step).toBe("ranking");
    expect(presenterDeadlines(s, 4)).toEqual([{ at: 50_000 + PAGE_MS, action: { type: "turnPage", next: { page: 3 } } }]);
  });

  it("fades an error or a notice TOAST_MS after the last one came, and nothing once they are gone", () => {
    const lobby: PresenterState = { ...initialState, connection: "open", step: "lobby" };
    let s = said(lobby, 2000, { type: "pres_playerLeft", seatId: "p1", pseudo: "Kiwi 1", playersCount: 0 });
    expect(presenterDeadlines(s, 0)).toEqual([{ at: 2000 + TOAST_MS, action: { type: "dismiss" } }]);
    // Another one restarts the time for both.
    s = presenterReducer(s, { type: "error", message: { id: "presenter.offline" }, now: 5000 });
    expect(presenterDeadlines(s, 0)).toEqual([{ at: 5000 + TOAST_MS, action: { type: "dismiss" } }]);
    // The same words again are the same toast: its time goes on.
    expect(presenterReducer(s, { type: "error", message: s.error!, now: 7000 }).toastSince).toBe(5000);
    // A message that says nothing new keeps the time too.
    expect(said(s, 8000, { type: "pres_pseudoLine", networks: [] }).toastSince).toBe(5000);
    s = presenterReducer(s, { type: "dismiss" });
    expect(presenterDeadlines(s, 0)).toEqual([]);
  });

  it("lists what is due soonest first", () => {
    const s: PresenterState = {
      ...asking,
      step: "revealLoading",
      results: results(0),
      revealLoadingSince: 10_000,
      notice: { id: "presenter.notice.locked" },
      toastSince: 4000,
    };
    expect(presenterDeadlines(s, 1).map((d) => [d.at, d.action.type])).toEqual([
      [4000 + TOAST_MS, "dismiss"],
      [10_000 + REVEAL_LOADING_MIN_MS, "showResultsMap"],
    ]);
  });
});
