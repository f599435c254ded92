import { afterAll, describe, expect, it } from "vitest";
import type { LatLng } from "@common/wire/protocol";
import { speedPoints } from "@common/rules";
import { PARIS_SPOTS } from "../support/factory";
import { TestPhone, type MsgOf, type SeatedPhone } from "../support/room-sockets";
import { type SlowLine, slowLine } from "../support/slow-line";
import { app, launch, presenter } from "../support/e2e";

/** How far the far phone is: 150 ms each way, a 300 ms round trip (a streamed night abroad). */
const ONE_WAY_MS = 150;
/** The most two phones that tap together may differ by, in time, on the room's clock. */
const FAIR_MS = 50;

const lines: SlowLine[] = [];
const clients: { close(): void }[] = [];
afterAll(async () => {
  for (const c of clients) c.close();
  for (const l of lines) await l.close();
});

/**
 * Answers question `questionIndex` at `atMs(question)` after it reached this phone, as its player
 * taps; resolves with how long the question had been on the phone's screen when the answer left.
 */
function answerOnScreen(phone: TestPhone, questionIndex: number, coords: LatLng, atMs: (q: MsgOf<"player_newQuestion">) => number) {
  return new Promise<number>((resolve) => {
    const off = phone.client.subscribe((event) => {
      if (event.kind !== "message" || event.msg.type !== "player_newQuestion" || event.msg.questionIndex !== questionIndex) return;
      off();
      const shownAt = performance.now();
      setTimeout(() => {
        phone.answer(questionIndex, coords);
        resolve(performance.now() - shownAt);
      }, atMs(event.msg));
    });
  });
}

describe("a fair clock at any distance", () => {
  it("gives a phone 300 ms away the time and points of a near one that taps with it, and counts its last-second answer", async () => {
    const spots = PARIS_SPOTS.slice(0, 2);
    const l = await launch({ spots, time: 15 });
    const pres = await presenter(l);
    clients.push(pres);
    const line = await slowLine(app.sockets.host, ONE_WAY_MS);
    lines.push(line);
    const near = (await new TestPhone(app.sockets, l.room, { label: "téléphone proche" }).seated()) as SeatedPhone;
    const far = (await new TestPhone({ ...app.sockets, host: line.host }, l.room, { label: "téléphone lointain" }).seated()) as SeatedPhone;
    clients.push(near, far);
    const join = far.last("player_joinRoom_callback")!;
    // A few heartbeats, as a page sends them while it waits in the lobby: each pong's echo is one
    // more round trip for the room.
    for (let i = 0; i < 3; i++) await Promise.all([near.sync(), far.sync()]);

    // Question 1: both tap the same spot 2 s after the question appears on their screens.
    const tapped = [near, far].map((p) => answerOnScreen(p, 0, spots[0]!, () => 2_000));
    pres.start();
    const [nearScreenMs, farScreenMs] = await Promise.all(tapped);
    const [nearAck, farAck] = await Promise.all([near, far].map((p) => p.find("player_answer_callback", (m) => m.questionIndex === 0)));
    // The same time for the same moment on their screens (each answer left when its timer fired,
    // which a busy machine may delay differently: each time is read against its own screen's).
    const nearBeyondScreen = nearAck!.tempsReponse - nearScreenMs!;
    const farBeyondScreen = farAck!.tempsReponse - farScreenMs!;
    expect(Math.abs(farBeyondScreen - nearBeyondScreen)).toBeLessThanOrEqual(FAIR_MS);
    const screensApart = Math.abs(farScreenMs! - nearScreenMs!);
    expect(Math.abs(farAck!.tempsReponse - nearAck!.tempsReponse)).toBeLessThanOrEqual(FAIR_MS + screensApart);
    const [nearEnd, farEnd] = await Promise.all([near, far].map((p) => p.find("player_endQuestion", (m) => m.questionIndex === 0)));
    // The same spot: the same ring, and speed points within what those 50 ms are worth.
    expect(nearEnd!.distance).toBe(farEnd!.distance);
    const answerTimeMs = join.maxAnswerTime * 1_000;
    const max = join.pointsSettings.point_max_temps;
    const pointsOf = (ms: number) => speedPoints(0, answerTimeMs, max) - speedPoints(ms, answerTimeMs, max);
    expect(Math.abs(farEnd!.pointsQuestion - nearEnd!.pointsQuestion)).toBeLessThanOrEqual(pointsOf(FAIR_MS + screensApart) + 0.01);

    // Question 2: the far phone answers 150 ms before its own countdown ends, which is 150 ms
    // past the room's deadline when the answer arrives; it is counted all the same.
    const last = answerOnScreen(far, 1, spots[1]!, (q) => q.remainingMs - 150);
    const early = answerOnScreen(near, 1, spots[1]!, () => 500);
    pres.nextQuestion();
    await Promise.all([early, last]);
    const outcome = await Promise.race([
      far.find("player_answer_callback", (m) => m.questionIndex === 1),
      far.find("error", (m) => m.code === "answer_late"),
    ]);
    expect(outcome.type).toBe("player_answer_callback");
    const farLast = await far.find("player_endQuestion", (m) => m.questionIndex === 1);
    expect(farLast.distance).toBe(0);
    expect(farLast.pointsQuestion).toBeGreaterThan(0);
  });
});
