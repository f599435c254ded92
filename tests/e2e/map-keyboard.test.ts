/**
 * A phone answers without a pointer (docs/accessibility.md, The map): the map and its crosshair
 * take the keys, a screen reader hears where the crosshair is, and the answer scores exactly as a
 * tap on the same point does.
 */
import { describe, expect, it } from "vitest";
import { haversineMeters } from "@common/rules/geo";
import { announced, liveRegionTexts, pointerEvents } from "../support/accessibility";
import { fractionsOf, chromiumForTests, phonePage, screenshot, seriousViolations, tapMap } from "../support/browser";
import { answersOf, baseURL, presenter } from "../support/e2e";
import { AREA, launchAt, spotAt } from "./lyon";
import { crosshairOf, focusMapByKeyboard, PHONE_MAP, press } from "./map-keys";

const browser = chromiumForTests();

describe("A phone answers a question with the keyboard alone, on the offline map", () => {
  it("moves the crosshair with the arrows, zooms, places and answers with Enter; hears where; scores as a tap", { timeout: 120_000 }, async () => {
    // The spot the keys will reach: 6/10 east and 4/10 south of the zone's corner, then half a
    // step further east once zoomed in.
    const spot = spotAt(0.65, 0.4);
    const l = await launchAt([spot], { icon: "random", time: 60, help_zone: "non" });
    const pres = await presenter(l);
    const circlesPoints: number[] = pres.last("pres_newRoom_callback")!.quizzData.pointsSettings.circlesPoints;

    const keys = await phonePage(browser());
    const taps = await phonePage(browser());
    for (const p of [keys, taps]) {
      await p.page.goto(`${baseURL}/play/${l.room}`);
      await p.page.getByRole("heading", { name: "Salon d'attente" }).waitFor({ timeout: 20_000 });
    }
    await pres.find("pres_newPlayer");
    pres.start();
    await keys.page.getByText("Question 1/1").waitFor({ timeout: 20_000 });
    await keys.page.locator(`${PHONE_MAP}[data-ready]`).waitFor();
    const page = keys.page;

    await focusMapByKeyboard(page);
    const crosshair = page.locator(`${PHONE_MAP} .map-crosshair`);
    expect(await crosshair.isVisible()).toBe(true);
    const help = "Flèches : déplacer la carte. + et − : zoomer. Espace : placer le repère au viseur. Entrée : répondre.";
    expect(await page.getByText(help).isVisible()).toBe(true);
    await screenshot(page, "player-map-keyboard");
    expect(await seriousViolations(page)).toEqual([]);

    // The whole zone is in view: the view cannot move, the crosshair goes to its edge, and says so.
    await press(page, "ArrowUp", 7);
    await expect.poll(() => announced(page)).toContain("Bord de la zone.");
    const edge = await crosshairOf(page);
    expect(edge.lat).toBeCloseTo(AREA.north, 9);
    const box = (await page.locator(PHONE_MAP).boundingBox())!;
    const drawn = (await crosshair.boundingBox())!;
    expect(Math.abs(drawn.y + drawn.height / 2 - box.y)).toBeLessThan(1);
    // Back down, then east; + zooms in around the crosshair; one more step east.
    await press(page, "ArrowDown", 4);
    await press(page, "ArrowRight");
    await press(page, "+");
    await press(page, "ArrowRight");
    const chosen = await crosshairOf(page);
    expect(chosen.lat).toBeCloseTo(spot.lat, 9);
    expect(chosen.lng).toBeCloseTo(spot.lng, 9);
    // Where it went is said once the keys stop, in words, not at every step.
    await expect.poll(() => announced(page)).toContainEqual(expect.stringMatching(/^Viseur : [\d\s]+m au nord-est du centre$/));
    expect((await announced(page)).filter((s) => s.startsWith("Viseur")).length).toBeLessThanOrEqual(3);

    // Enter: the marker first (nothing stood there), then the phone's own « Répondre ».
    await press(page, "Enter");
    await page.getByRole("button", { name: "Répondre" }).waitFor();
    expect(await page.locator(`${PHONE_MAP} .om-marker`).count()).toBe(1);
    const placed = /^Repère placé à [\d\s]+m au nord-est du centre\. Entrée pour répondre\.$/;
    await expect.poll(() => announced(page)).toContainEqual(expect.stringMatching(placed));
    // Said by the phone's one live region: the map opens none of its own beside it.
    expect(await liveRegionTexts(page)).toEqual([expect.stringMatching(placed)]);
    await screenshot(page, "player-map-keyboard-placed");
    await press(page, "Enter");
    await page.getByRole("heading", { name: "Réponse envoyée !" }).waitFor();
    // Not one pointer, mouse or touch event from the first key to the answer.
    expect(await pointerEvents(page)).toBe(0);
    const said = await announced(page);
    expect(said.indexOf("Bord de la zone.")).toBeLessThan(said.findIndex((s) => placed.test(s)));

    // Another phone taps the same point of the same zone.
    const { fx, fy } = fractionsOf(AREA, spot);
    await taps.page.getByText("Question 1/1").waitFor();
    await taps.page.locator(`${PHONE_MAP}[data-ready]`).waitFor();
    await tapMap(taps.page, fx, fy);
    // The last answer: the room reveals at once.
    await taps.page.getByRole("button", { name: "Répondre" }).click();

    // The room scored the keyboard's answer at the crosshair's very point, as it scores a tap.
    await pres.find("pres_results", (m) => m.questionIndex === 0, 45_000);
    await expect.poll(async () => (await answersOf(l)).length, { timeout: 20_000 }).toBe(2);
    const rows = await answersOf(l);
    const byKeys = rows.find((r) => r.lat === chosen.lat && r.lng === chosen.lng);
    expect(byKeys, JSON.stringify(rows)).toBeTruthy();
    expect(byKeys!.distanceM).toBe(0);
    const byTap = rows.find((r) => r !== byKeys)!;
    // A finger lands within a pixel (about 4 m here): the same ring, the same ring points.
    expect(haversineMeters(byTap, spot)).toBeLessThan(6);
    expect(byTap.ring).toBe(byKeys!.ring);
    // Ring r of the rows is circlesPoints[r - 1]; what is above it is the speed's.
    const speed = (r: typeof byTap) => r.points - circlesPoints[r.ring - 1]!;
    expect(speed(byKeys!)).toBeGreaterThan(0);
    expect(speed(byTap)).toBeGreaterThan(0);

    await keys.page.getByRole("heading", { name: "Résultats de la question" }).waitFor({ timeout: 30_000 });
    expect(await seriousViolations(keys.page)).toEqual([]);
    pres.close();
    await keys.context.close();
    await taps.context.close();
  });
});
