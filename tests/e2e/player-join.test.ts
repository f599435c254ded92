import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hydrated, chromiumForTests, PHONE, phonePage, RoomLine, screenshot, seriousViolations, storedToken, tapMap, traceRoomFrames } from "../support/browser";
import { ADDRESS_LIMITS } from "@common/rules";
import { baseURL, closeRoom, phone, presenter } from "../support/e2e";
import { launchAt, spotAt } from "./lyon";

const TABLET = { width: 768, height: 1024 };

const browser = chromiumForTests();

const colorButton = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

/** Colour step, then the fruit step of that colour. */
async function pickColor(page: Page, color: string) {
  await page.getByRole("heading", { name: "Sélectionnez votre couleur" }).waitFor({ timeout: 20_000 });
  await hydrated(page);
  await colorButton(page, color).click();
  await page.getByRole("button", { name: "Valider" }).click();
  await page.getByRole("heading", { name: "Sélectionnez votre fruit" }).waitFor();
}

describe("Players choose their pseudo when the room uses defined icons", () => {
  it("goes from the QR code to colour then fruit, with the alerts, live updates and a fair race", async () => {
    const l = await launchAt([spotAt(0.5, 0.5)], { icon: "defined" });
    const room = l.room;
    const pres = await presenter(l);
    const p1 = await phonePage(browser());
    const p2 = await phonePage(browser());
    const p3 = await phonePage(browser());
    const gate2 = await new RoomLine().install(p2.page);
    const gate3 = await new RoomLine().install(p3.page);

    // The QR code encodes /play/{room}: without a seat the phone is sent to choose a pseudo.
    await p1.page.goto(`${baseURL}/play/${room}`);
    await p1.page.waitForURL(`${baseURL}/join/${room}`, { timeout: 20_000 });
    await p1.page.getByRole("heading", { name: "Sélectionnez votre couleur" }).waitFor({ timeout: 20_000 });
    await hydrated(p1.page);
    for (const c of ["Bleu", "Jaune", "Rose", "Rouge", "Turquoise", "Vert"])
      expect(await colorButton(p1.page, c).isEnabled()).toBe(true);
    await p1.page.getByRole("button", { name: "Valider" }).click();
    expect(await p1.page.getByRole("alert").textContent()).toBe("Veuillez sélectionner une couleur !");
    await screenshot(p1.page, "player-join-color-alert");
    await colorButton(p1.page, "Vert").click();
    expect(await colorButton(p1.page, "Vert").getAttribute("aria-pressed")).toBe("true");
    // The chosen colour has a white border.
    expect(await colorButton(p1.page, "Vert").evaluate((e) => getComputedStyle(e).borderTopColor)).toBe("rgb(255, 255, 255)");
    await screenshot(p1.page, "player-join-color");
    expect(await seriousViolations(p1.page)).toEqual([]);
    await p1.page.getByRole("button", { name: "Valider" }).click();
    await p1.page.getByRole("heading", { name: "Sélectionnez votre fruit" }).waitFor();
    await p1.page.getByRole("button", { name: "Valider" }).click();
    expect(await p1.page.getByRole("alert").textContent()).toBe("Veuillez sélectionner un fruit !");

    await p2.page.goto(`${baseURL}/join/${room}`);
    await pickColor(p2.page, "Vert");

    await p1.page.getByRole("button", { name: "Fraise", exact: true }).click();
    expect(await p1.page.getByText("Vous serez : Fraise verte").isVisible()).toBe(true);
    await screenshot(p1.page, "player-join-fruit");
    expect(await seriousViolations(p1.page)).toEqual([]);
    await p1.page.getByRole("button", { name: "Valider" }).click();
    await p1.page.waitForURL(`${baseURL}/play/${room}?pseudo=Fraise%20verte`, { timeout: 20_000 });
    await p1.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    expect(await p1.page.locator(".pl-me-pseudo").textContent()).toBe("Fraise verte");
    expect(await storedToken(p1.page, room)).toMatch(/^p\d+_/);
    const seated = await pres.find("pres_newPlayer", (m) => m.player.pseudo === "Fraise verte");

    // The other phone on the green fruits sees the strawberry go, live.
    await p2.page.getByRole("button", { name: "Fraise (déjà pris)" }).waitFor({ timeout: 10_000 });
    expect(await p2.page.getByRole("button", { name: "Fraise (déjà pris)" }).isDisabled()).toBe(true);
    await screenshot(p2.page, "player-join-fruit-taken");

    // Two phones, one pair: exactly one wins, the other is told plainly.
    await p2.page.getByRole("button", { name: "Changer de couleur" }).click();
    await colorButton(p2.page, "Bleu").click();
    await p2.page.getByRole("button", { name: "Valider" }).click();
    await p2.page.getByRole("heading", { name: "Sélectionnez votre fruit" }).waitFor();
    await p3.page.goto(`${baseURL}/join/${room}`);
    await pickColor(p3.page, "Bleu");
    await p2.page.getByRole("button", { name: "Kiwi", exact: true }).click();
    await p3.page.getByRole("button", { name: "Kiwi", exact: true }).click();
    // Both choices reach the room before either phone hears the other's fate.
    gate2.hold();
    gate3.hold();
    await p2.page.getByRole("button", { name: "Valider" }).click();
    await p3.page.getByRole("button", { name: "Valider" }).click();
    await pres.find("pres_newPlayer", (m) => m.player.pseudo === "Kiwi bleu");
    await p2.page.waitForTimeout(300);
    gate2.release();
    gate3.release();
    const LOST = "Trop tard : un autre joueur vient de prendre ce fruit. Choisissez-en un autre.";
    const outcome = async (page: Page): Promise<"won" | "lost"> => {
      const handle = await page.waitForFunction(
        (lost) => {
          if (location.pathname.startsWith("/play/")) return "won";
          const alert = document.querySelector('[role="alert"]');
          return alert?.textContent === lost ? "lost" : false;
        },
        LOST,
        { timeout: 20_000 },
      );
      return (await handle.jsonValue()) as "won" | "lost";
    };
    const [r2, r3] = await Promise.all([outcome(p2.page), outcome(p3.page)]);
    expect([r2, r3].sort()).toEqual(["lost", "won"]);
    const losing = r2 === "lost" ? p2.page : p3.page;
    const winning = r2 === "lost" ? p3.page : p2.page;
    await winning.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    expect(await winning.locator(".pl-me-pseudo").textContent()).toBe("Kiwi bleu");
    expect(await losing.getByRole("button", { name: "Kiwi (déjà pris)" }).isDisabled()).toBe(true);
    expect(await losing.getByRole("heading", { name: "Sélectionnez votre fruit" }).isVisible()).toBe(true);
    await screenshot(losing, "player-join-race-lost");
    const kiwis = pres.all("pres_newPlayer").filter((m) => m.player.pseudo === "Kiwi bleu").length;
    expect(kiwis).toBe(1);

    // The loser takes another fruit and is seated.
    await losing.getByRole("button", { name: "Tomate", exact: true }).click();
    await losing.getByRole("button", { name: "Valider" }).click();
    await losing.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    expect(await losing.locator(".pl-me-pseudo").textContent()).toBe("Tomate bleue");

    // A kicked phone of a defined-icon room goes back to choosing a pseudo.
    pres.kick(seated.player.playerID);
    await p1.page.waitForURL(`${baseURL}/join/${room}?exclu=1`, { timeout: 15_000 });
    await p1.page.getByRole("heading", { name: "Sélectionnez votre couleur" }).waitFor({ timeout: 20_000 });
    expect(await p1.page.getByText("Vous avez été exclu de la partie").isVisible()).toBe(true);
    expect(await storedToken(p1.page, room)).toBeNull();
    await screenshot(p1.page, "player-join-after-kick");

    await closeRoom(l);
    pres.close();
    for (const p of [p1, p2, p3]) await p.context.close();
  });

  it("says so and waits its turn when its network has its share of phones on the pseudo screen", async () => {
    const l = await launchAt([spotAt(0.5, 0.5)], { icon: "defined" });
    const room = l.room;
    // Phones of the same network (this machine, as a bar's Wi-Fi) already fill its share.
    const choosing = Array.from({ length: ADDRESS_LIMITS.choosersMax }, () => phone(room));
    await Promise.all(choosing.map((c) => c.next("player_joinPseudoRoom_callback")));
    const p = await phonePage(browser());
    traceRoomFrames(p.page);
    await p.page.goto(`${baseURL}/join/${room}`);
    const waiting = p.page.getByRole("status").filter({ hasText: "Beaucoup de joueurs arrivent en même temps : encore un instant…" });
    await waiting.waitFor({ timeout: 20_000 });
    expect(await p.page.getByRole("heading", { name: "Chargement" }).isVisible()).toBe(true);
    await screenshot(p.page, "player-join-waiting");
    expect(await seriousViolations(p.page)).toEqual([]);
    await p.page.setViewportSize(TABLET);
    await screenshot(p.page, "player-join-waiting-tablet");
    await p.page.setViewportSize(PHONE);

    // One of them takes its seat: the page asks again by itself and gets the colours.
    choosing[0]!.chooseColor("rouge");
    await choosing[0]!.next("color_selected_callback");
    choosing[0]!.chooseFruit("rouge", "tomate");
    await choosing[0]!.next("fruit_selected_callback");
    await pickColor(p.page, "Vert");
    expect(await waiting.count()).toBe(0);
    await p.page.getByRole("button", { name: "Citron", exact: true }).click();
    await p.page.getByRole("button", { name: "Valider" }).click();
    await p.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    expect(await p.page.locator(".pl-me-pseudo").textContent()).toBe("Citron vert");

    await closeRoom(l);
    for (const c of choosing) c.close();
    await p.context.close();
  });

  it("shows a full team crossed out, and the team's rank beside the player's own", async () => {
    const l = await launchAt([spotAt(0.5, 0.5)], { icon: "defined", mode: "team", max_team: 2, max_player: 1, time: 15 });
    const room = l.room;
    const pres = await presenter(l);
    const p4 = await phonePage(browser());
    const p5 = await phonePage(browser());

    await p4.page.goto(`${baseURL}/join/${room}`);
    await pickColor(p4.page, "Bleu");
    await p4.page.getByRole("button", { name: "Ananas", exact: true }).click();
    await p4.page.getByRole("button", { name: "Valider" }).click();
    await p4.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    expect(await p4.page.getByText("Équipe bleue").isVisible()).toBe(true);

    await p5.page.goto(`${baseURL}/join/${room}`);
    await p5.page.getByRole("heading", { name: "Sélectionnez votre couleur" }).waitFor({ timeout: 20_000 });
    await hydrated(p5.page);
    // Two teams: two colours; the blue one holds its one player and is crossed out.
    expect(await p5.page.locator(".pl-color").count()).toBe(2);
    const blue = p5.page.getByRole("button", { name: "Bleu complète" });
    expect(await blue.isDisabled()).toBe(true);
    expect(await blue.evaluate((e) => getComputedStyle(e, "::before").backgroundImage)).toContain("linear-gradient");
    await screenshot(p5.page, "player-join-color-full");
    expect(await seriousViolations(p5.page)).toEqual([]);
    await colorButton(p5.page, "Jaune").click();
    await p5.page.getByRole("button", { name: "Valider" }).click();
    await p5.page.getByRole("button", { name: "Banane", exact: true }).click();
    await p5.page.getByRole("button", { name: "Valider" }).click();
    await p5.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });

    pres.start();
    for (const [page, fx] of [
      [p4.page, 0.5],
      [p5.page, 0.05],
    ] as const) {
      await page.getByRole("progressbar").waitFor({ timeout: 15_000 });
      await tapMap(page, fx, 0.5);
      await page.getByRole("button", { name: "Répondre" }).click();
    }
    await p4.page.getByRole("heading", { name: "Résultats de la question" }).waitFor({ timeout: 30_000 });
    expect(await p4.page.locator(".pl-team-line").textContent()).toMatch(/^Équipe bleue.*#1/);
    expect(await p5.page.locator(".pl-team-line").textContent()).toMatch(/^Équipe jaune.*#2/);
    await screenshot(p4.page, "player-result-team");
    expect(await seriousViolations(p4.page)).toEqual([]);

    pres.nextQuestion();
    await p5.page.getByRole("heading", { name: "Fin de la partie" }).waitFor({ timeout: 15_000 });
    expect(await p5.page.locator(".pl-team-line").textContent()).toMatch(/^Équipe jaune.*#2/);
    await screenshot(p5.page, "player-endgame-team");

    await closeRoom(l);
    pres.close();
    for (const p of [p4, p5]) await p.context.close();
  });

  it("fetches the room's screens while the number is typed, so « Rejoindre » then asks only for the room", async () => {
    const l = await launchAt([spotAt(0.5, 0.5)], { icon: "random" });
    const pres = await presenter(l);
    const p = await phonePage(browser());
    const screens = p.page.waitForResponse((r) => /\/assets\/PlayerGame-[\w-]+\.js$/.test(r.url()));
    const style = p.page.waitForResponse((r) => /\/assets\/player-[\w-]+\.css$/.test(r.url()));
    await p.page.goto(`${baseURL}/`);
    await hydrated(p.page);
    // Both came while the phone sat on the home page, each kept for good (its name is its hash).
    for (const r of [await screens, await style]) expect(r.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

    // What went out on the network, as Chromium's own log tells it (a file kept in the cache is
    // requested too, but served from it).
    const cdp = await p.context.newCDPSession(p.page);
    await cdp.send("Network.enable");
    const sent = new Map<string, string>();
    const fromCache = new Set<string>();
    cdp.on("Network.requestWillBeSent", (e) => sent.set(e.requestId, new URL(e.request.url).pathname));
    cdp.on("Network.requestServedFromCache", (e) => fromCache.add(e.requestId));
    cdp.on("Network.responseReceived", (e) => e.response.fromDiskCache && fromCache.add(e.requestId));
    await p.page.getByLabel("Numéro de la salle").fill(l.room);
    await p.page.getByRole("button", { name: "Rejoindre" }).click();
    await p.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    // No route discovery, no screen module, no stylesheet fetched again: the room's check, its
    // page module and data, then what the lobby shows (the favicon, the pseudo's marker).
    const asked = [...sent].filter(([id]) => !fromCache.has(id)).map(([, path]) => path);
    expect(asked.filter((u) => u.startsWith("/__manifest") || /^\/assets\/(?!play\.)/.test(u))).toEqual([]);
    expect(asked).toContain(`/api/game/check/${l.room}`);
    await closeRoom(l);
    pres.close();
    await p.context.close();
  });
});
