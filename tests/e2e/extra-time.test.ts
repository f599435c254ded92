import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ROUND_TRIP_MAX_MS } from "@common/rules";
import type { LatLng } from "@common/wire/protocol";
import {
  browsersFor,
  closedAfterAll,
  fractionsOf,
  frNumber,
  PHONE,
  PRESENTER,
  screenshot,
  seriousViolations,
  signIn,
  storedToken,
  tapMap,
} from "../support/browser";
import type { SeatedPhone } from "../support/room-sockets";
import { answersOf, baseURL, join } from "../support/e2e";
import { AREA, launchAt, spotAt } from "./lyon";

const ANSWER_SEC = 15;

async function tapAt(page: Page, s: LatLng) {
  const { fx, fy } = fractionsOf(AREA, s);
  await tapMap(page, fx, fy);
}

describe("« Temps adapté » in a live night", () => {
  const browsers = browsersFor({ screen: PRESENTER, phone: PHONE });
  const phones = closedAfterAll<SeatedPhone>();

  it("the presenter gives one player more time from the keyboard; that phone answers after the others' time and scores over its own", async () => {
    const spots = [spotAt(0.5, 0.5), spotAt(0.3, 0.4)];
    const l = await launchAt(spots, { icon: "random", time: ANSWER_SEC });
    await signIn(browsers.screen, l.cookie, baseURL);
    const screen = await browsers.screen.newPage();
    await screen.goto(`${baseURL}/mj/salle/${l.room}`);
    await screen.locator('[data-step="lobby"]').waitFor({ timeout: 30_000 });

    // The player who needs more time plays in a browser; two others on sockets.
    const phone = await browsers.phone.newPage();
    await phone.goto(`${baseURL}/play/${l.room}`);
    await phone.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    const pseudo = (await phone.locator(".pl-me-pseudo").textContent())!;
    const [fast, slow] = [await join(l.room), await join(l.room)];
    phones.push(fast, slow);
    await screen.getByText(slow.pseudo, { exact: true }).waitFor();

    await screen.getByRole("button", { name: "Lancer la partie" }).click();
    await screen.locator('[data-step="question"]').waitFor({ timeout: 15_000 });
    await phone.getByRole("progressbar").waitFor({ timeout: 15_000 });
    // When the room closes the question for everyone but that player: the night's deadline, plus
    // the most a round trip may add to it. Read as the socket sees it, so never early.
    const opened = await slow.find("player_newQuestion", (m) => m.questionIndex === 0);
    const closesAt = Date.now() + opened.remainingMs + ROUND_TRIP_MAX_MS;

    // From the keyboard: the button, Enter, a piece of the pseudo, Tab to the player, Enter.
    const open = screen.getByRole("button", { name: "Temps adapté" });
    await open.focus();
    await screen.keyboard.press("Enter");
    const dialog = screen.getByRole("dialog", { name: "Temps adapté pour un joueur" });
    await dialog.waitFor();
    await screen.keyboard.type(pseudo);
    await screen.keyboard.press("Tab");
    expect(await screen.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`Donner plus de temps à ${pseudo}`);
    await screenshot(screen, "extra-time-1-dialog");
    expect(await seriousViolations(screen)).toEqual([]);
    await screen.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    expect(await screen.evaluate(() => document.activeElement?.textContent)).toBe("Temps adapté");
    await screen.getByText(new RegExp(`^Temps adapté : ${pseudo} · \\d+`)).waitFor();

    // The phone's bar runs to its own deadline, and the phone's one live region says so.
    await phone.getByText("Temps adapté : ×2", { exact: true }).waitFor();
    await expect
      .poll(() => phone.getByTestId("phone-announcer").textContent())
      .toContain("Temps adapté : vous avez deux fois plus de temps pour cette question");
    await screenshot(phone, "extra-time-2-phone");
    expect(await seriousViolations(phone)).toEqual([]);

    await fast.play(0, spots[0]!);
    // The night's time runs out: the screen's countdown is at 0, the question stays open.
    await expect.poll(() => screen.getByTestId("points-left").textContent(), { timeout: 20_000 }).toBe("0,0");
    await screen.waitForTimeout(Math.max(0, closesAt - Date.now()) + 100);
    slow.answer(0, spots[0]!);
    expect((await slow.find("error")).code).toBe("answer_late");
    expect(await screen.locator("[data-step]").getAttribute("data-step")).toBe("question");
    await screenshot(screen, "extra-time-3-waiting");

    // Its own time is still running: it answers, and the reveal comes at once.
    expect(frNumber((await phone.getByTestId("points-left").textContent())!.match(/([\d,]+) points? à gagner/)![1]!)).toBeGreaterThan(0);
    await tapAt(phone, spots[0]!);
    await phone.getByRole("button", { name: "Répondre" }).click();
    await phone.getByRole("heading", { name: "Résultats de la question" }).waitFor({ timeout: 15_000 });
    await screen.locator('[data-step="revealLoading"], [data-step="resultsMap"]').first().waitFor();

    // Scored over its own 30 s: beside the answer on the spot within the night's 15 s, in the same
    // ring, only the speed points differ, each over its own time.
    const seatNo = Number(/^p(\d+)_/.exec((await storedToken(phone, l.room))!)![1]);
    await expect.poll(async () => (await answersOf(l)).length, { timeout: 20_000 }).toBe(2);
    const rows = await answersOf(l);
    const mine = rows.find((a) => a.playerNo === seatNo)!;
    const theirs = rows.find((a) => a.playerNo !== seatNo)!;
    expect(mine.timeMs).toBeGreaterThan(ANSWER_SEC * 1000);
    expect(mine.ring).toBe(theirs.ring);
    const speed = (timeMs: number, overMs: number) => 5 * (1 - timeMs / overMs);
    expect(mine.points - theirs.points).toBeCloseTo(speed(mine.timeMs, 2 * ANSWER_SEC * 1000) - speed(theirs.timeMs, ANSWER_SEC * 1000), 1);
  }, 90_000);
});
