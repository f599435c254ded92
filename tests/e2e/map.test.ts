import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browsersFor, LAPTOP, PHONE, screenshot, seriousViolations } from "../support/browser";
import { baseURL } from "../support/e2e";
import { announced, countPointerEvents, liveRegionTexts, pointerEvents, recordAnnouncements, tabTo } from "../support/accessibility";
import { boundsCenter } from "@common/util/projection";
import { compass, type Compass } from "~/features/map/crosshair-words";

/** The French words of each direction, as the map says them. */
const AU: Record<Compass, string> = { n: "au nord", ne: "au nord-est", e: "à l'est", se: "au sud-est", s: "au sud", sw: "au sud-ouest", w: "à l'ouest", nw: "au nord-ouest" };

/** "46,12345° N" / "2,5° O" as shown, back to a signed number. */
function parseCoordinate(text: string): number {
  const m = text.trim().match(/^(\d+(?:,\d+)?)° ([NSEO])$/);
  if (!m) throw new Error(`coordonnée illisible : ${text}`);
  const value = Number(m[1].replace(",", "."));
  return m[2] === "S" || m[2] === "O" ? -value : value;
}

type View = { north: number; south: number; west: number; east: number };

async function viewOf(map: Locator): Promise<View> {
  const read = async (side: string) => Number(await map.getAttribute(`data-view-${side}`));
  return {
    north: await read("north"),
    south: await read("south"),
    west: await read("west"),
    east: await read("east"),
  };
}

async function shown(page: Page) {
  return {
    lat: parseCoordinate((await page.getByTestId("tap-lat").textContent({ timeout: 5_000 })) ?? ""),
    lng: parseCoordinate((await page.getByTestId("tap-lng").textContent({ timeout: 5_000 })) ?? ""),
  };
}

/** Whether the land's canvas is painted all over, and how many shades of green it holds. */
function landColours(canvas: HTMLCanvasElement) {
  const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
  const shades = new Set<number>();
  let opaque = true;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] !== 255) opaque = false;
    shades.add(data[i + 1]!);
  }
  return { opaque, shades: shades.size };
}

async function openMap(page: Page) {
  await page.goto(baseURL + "/map");
  const map = page.locator("[data-offline-map][data-ready]");
  await map.waitFor();
  return map;
}

describe("Anyone can tap the bare map and read the coordinates", () => {
  const browsers = browsersFor({ phone: PHONE, laptop: LAPTOP });

  it("shows the point of a tap at 30 % / 40 % of the map by the linear projection", async () => {
    const page = await browsers.phone.newPage();
    const map = await openMap(page);
    expect(await page.getByText("Carte hors ligne").isVisible()).toBe(true);
    // The land is drawn: green patches over a pale gradient, not an empty box.
    const land = page.locator(".om-land");
    await expect.poll(() => land.evaluate(landColours)).toSatisfy(({ opaque, shades }) => opaque && shades > 20);
    await screenshot(page, "map-phone");
    const box = (await map.boundingBox())!;
    const view = await viewOf(map);
    await page.touchscreen.tap(box.x + 0.3 * box.width, box.y + 0.4 * box.height);
    const got = await shown(page);
    // One pixel of the box, in degrees: the tap lands on a whole or half pixel.
    const pxLat = (view.north - view.south) / box.height;
    const pxLng = (view.east - view.west) / box.width;
    expect(Math.abs(got.lat - (view.north - 0.4 * (view.north - view.south)))).toBeLessThan(pxLat);
    expect(Math.abs(got.lng - (view.west + 0.3 * (view.east - view.west)))).toBeLessThan(pxLng);
    // The marker stands where the finger went.
    const marker = (await page.getByRole("img", { name: "Point choisi" }).boundingBox())!;
    expect(Math.abs(marker.x + marker.width / 2 - (box.x + 0.3 * box.width))).toBeLessThan(2);
    await screenshot(page, "map-phone-tapped");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("keeps the projection linear on the zoomed view", async () => {
    const page = await browsers.phone.newPage();
    const map = await openMap(page);
    const before = await viewOf(map);
    await page.getByRole("button", { name: "Zoom avant" }).click();
    await expect.poll(async () => (await viewOf(map)).north).not.toBe(before.north);
    const view = await viewOf(map);
    expect(view.north - view.south).toBeCloseTo((before.north - before.south) / 2, 6);
    const box = (await map.boundingBox())!;
    await page.touchscreen.tap(box.x + 0.75 * box.width, box.y + 0.2 * box.height);
    const got = await shown(page);
    expect(Math.abs(got.lat - (view.north - 0.2 * (view.north - view.south)))).toBeLessThan(
      (view.north - view.south) / box.height
    );
    expect(Math.abs(got.lng - (view.west + 0.75 * (view.east - view.west)))).toBeLessThan(
      (view.east - view.west) / box.width
    );
    await page.close();
  });

  it("can be used with the keyboard alone: arrows move the view under the crosshair, Enter places the point, a screen reader hears where", async () => {
    const page = await browsers.laptop.newPage();
    const map = await openMap(page);
    const start = await viewOf(map);
    await countPointerEvents(page);
    await recordAnnouncements(page, "[data-offline-map]");
    await tabTo(page, "[data-offline-map]");
    // The crosshair and the help line show with the keyboard's focus.
    expect(await page.locator("[data-offline-map] .map-crosshair").isVisible()).toBe(true);
    expect(await page.getByText("Flèches : déplacer la carte. + et − : zoomer. Espace ou Entrée : placer le repère au viseur.").isVisible()).toBe(true);
    expect(await page.getByText("Viseur : au centre de la carte").isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    let got = await shown(page);
    expect(got.lat).toBeCloseTo((start.north + start.south) / 2, 4);
    expect(got.lng).toBeCloseTo((start.west + start.east) / 2, 4);
    // Four steps of a tenth of the view to the east, two to the south: the view moves, the
    // crosshair stays in its middle.
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const view = await viewOf(map);
    expect(view.west).toBeCloseTo(start.west + 0.4 * (start.east - start.west), 6);
    expect(view.north).toBeCloseTo(start.north - 0.2 * (start.north - start.south), 6);
    const cross = (await page.locator("[data-offline-map] .map-crosshair").boundingBox())!;
    const box = (await map.boundingBox())!;
    expect(Math.abs(cross.x + cross.width / 2 - (box.x + box.width / 2))).toBeLessThan(1);
    await page.keyboard.press("Space");
    await expect.poll(async () => (await shown(page)).lng).toBeCloseTo((view.west + view.east) / 2, 4);
    got = await shown(page);
    expect(got.lat).toBeCloseTo((view.north + view.south) / 2, 4);
    // Said in words from the map's centre, once the keys stopped: the steps were not read one by one.
    const said = await announced(page);
    const where = new RegExp(`^Repère placé à [\\d\\s,]+km ${AU[compass(boundsCenter(start), got)]} du centre\\.$`);
    expect(said[0]).toBe("Repère placé au centre de la carte.");
    expect(said.at(-1)).toMatch(where);
    expect(said.filter((s) => s.startsWith("Viseur")).length).toBeLessThanOrEqual(1);
    expect(await liveRegionTexts(page)).toContainEqual(expect.stringMatching(where));
    expect(await page.getByRole("img", { name: "Point choisi" }).count()).toBe(1);
    // Zoom with the keys: the view halves around the crosshair, and its width is said.
    await page.keyboard.press("+");
    await expect.poll(async () => (await viewOf(map)).east - (await viewOf(map)).west).toBeCloseTo((view.east - view.west) / 2, 6);
    await expect.poll(() => announced(page)).toContainEqual(expect.stringMatching(/^Largeur visible : [\d\s,]+km$/));
    expect(await pointerEvents(page)).toBe(0);
    await screenshot(page, "map-laptop-keyboard");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
