import { describe, expect, it } from "vitest";
import { ADDRESS_LIMITS } from "@common/rules";
import { roomText } from "@common/client/room-texts";
import { tIn } from "../support/i18n";
import { TestPhone } from "../support/room-sockets";
import { hydrated, chromiumForTests, PHONE, PRESENTER, screenshot, seriousViolations, signIn } from "../support/browser";
import { app, baseURL, make } from "../support/e2e";

const t = tIn("fr");

/**
 * A script on a bar's Wi-Fi parks its phones on the pseudo screen and keeps them there; a real
 * phone of the same bar waits in line behind them. The presenter sees it on the lobby and frees
 * the screen with one key press: the real phone is the first to get a place.
 */
const browser = chromiumForTests();

describe("the presenter frees a pseudo screen squatted by one network", () => {
  it("shows the waiting network on the lobby, and « Libérer » gives the real phone its place", { timeout: 120_000 }, async () => {
    const admin = await app.admin();
    const quiz = await make.quiz(admin, { name: "File d'attente" });
    const presenterContext = await browser().newContext({ viewport: PRESENTER, locale: "fr-FR" });
    const squatters: TestPhone[] = [];
    try {
      await signIn(presenterContext, await app.cookieFor(admin), baseURL);
      const screen = await presenterContext.newPage();
      await screen.goto(`${baseURL}/pres/${quiz.uniqueName}/player?icon=defined&time=15&help_zone=non`);
      await screen.locator('[data-step="lobby"]').waitFor({ timeout: 30_000 });
      const room = ((await screen.getByTestId("room-code").textContent()) ?? "").replace(/\D/g, "");

      // The script's choosers, from the address the phone's browser uses too (127.0.0.1).
      for (let i = 0; i < ADDRESS_LIMITS.choosersMax; i++) squatters.push(new TestPhone(app.sockets, room, { reconnect: false }));
      await Promise.all(squatters.map((s) => s.next("player_joinPseudoRoom_callback")));

      const phoneContext = await browser().newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: "fr-FR" });
      const phone = await phoneContext.newPage();
      await phone.goto(`${baseURL}/join/${room}`);
      await phone.getByText(t(roomText("too_many_seats"))).waitFor({ timeout: 20_000 });
      await screenshot(phone, "pseudo-line-phone-waiting");

      const panel = screen.getByRole("region", { name: t("presenter.pseudoLine.title") });
      await panel.waitFor({ timeout: 20_000 });
      expect(await panel.getByRole("listitem").allTextContents()).toEqual([
        `${t("presenter.pseudoLine.network", { n: 1 })}${t("presenter.pseudoLine.counts", { choosing: ADDRESS_LIMITS.choosersMax, waiting: 1 })}${t("presenter.pseudoLine.clear")}`,
      ]);
      expect(await panel.textContent()).not.toContain("127.0.0.1");
      await screen.mouse.move(0, 0);
      await screenshot(screen, "pseudo-line-lobby");
      expect(await seriousViolations(screen)).toEqual([]);

      // From the keyboard, as a presenter at a laptop does.
      const clear = panel.getByRole("button", { name: t("presenter.pseudoLine.clearLabel", { n: 1 }) });
      const box = await clear.boundingBox();
      expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(24);
      await clear.focus();
      await screen.keyboard.press("Enter");

      await phone.getByRole("heading", { name: "Sélectionnez votre couleur" }).waitFor({ timeout: 20_000 });
      await hydrated(phone);
      await screenshot(phone, "pseudo-line-phone-let-in");
      await panel.waitFor({ state: "detached", timeout: 20_000 });
      for (const s of squatters) expect(await s.waitClosed()).toEqual({ code: 4003, reason: "cleared_by_presenter" });
      await phoneContext.close();
    } finally {
      for (const s of squatters) s.close();
      await presenterContext.close();
    }
  });
});
