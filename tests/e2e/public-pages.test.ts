import { deflateSync } from "node:zlib";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { browsersFor, hydrated, LAPTOP, chromiumForTests, PHONE, screenshot, seriousViolations } from "../support/browser";
import { uniqueSlug, type TestAccount, type TestQuiz } from "../support/factory";
import { baseURL, closeRoom, join, launch, make, presenter } from "../support/e2e";
import { offlineGoogle } from "../support/google-maps";
import { tabTo } from "../support/accessibility";

const QUIZ = uniqueSlug("balade-en-bretagne");
const BARE = uniqueSlug("quiz-muet");

/** A small landscape picture (sky, hills, sun) as a PNG, so thumbnails show a real image. */
function landscapePng(width: number, height: number, hue: [number, number, number]): Uint8Array {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const hill = height * (0.62 + 0.08 * Math.sin((x / width) * 6 + hue[0] / 40));
      const sun = Math.hypot(x - width * 0.75, y - height * 0.25) < height * 0.09;
      const t = y / height;
      const px = sun
        ? [255, 214, 90]
        : y > hill
        ? [hue[0] * 0.4 + 40 * t, 110 + 60 * (1 - t), hue[2] * 0.3 + 30]
        : [120 + 80 * t, 170 + 50 * t, 235];
      raw.set(
        px.map((v) => Math.max(0, Math.min(255, Math.round(v)))),
        row + 1 + x * 3
      );
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const storePhoto = (hue: [number, number, number]) => make.photo(new Uint8Array(landscapePng(480, 320, hue)), "image/png");

/** A quiz a room plays during the tests, and its owner. */
let owner: TestAccount;
let played: TestQuiz;
const PLAYED_SPOTS = [
  { name: "Pointe du Raz", lat: 48.03977, lng: -4.74101 },
  { name: "Mont Saint-Michel", lat: 48.63608, lng: -1.51146 },
];

beforeAll(async () => {
  owner = await make.mj({ name: "Public E2E" });
  const [photo1, photo2] = await Promise.all([storePhoto([200, 0, 80]), storePhoto([60, 0, 160])]);
  played = await make.quiz(owner, {
    name: "Bretagne en direct",
    description: "Un quiz joué pendant le test",
    mapSettings: { center: { lat: 48.2, lng: -3.2 }, zoom: 7, bounds: { north: 49, south: 47.2, east: -1.2, west: -5.2 } },
    questions: PLAYED_SPOTS.map((s, i) => ({ ...s, photo: [photo1, photo2][i]! })),
  });
  await Promise.all([
    make.quiz(owner, {
      uniqueName: QUIZ,
      name: "Balade en Bretagne",
      description: "Des phares, des ports et des menhirs",
      mapSettings: { center: { lat: 48.2, lng: -3.2 }, zoom: 7, bounds: { north: 49, south: 47.2, east: -1.2, west: -5.2 } },
      questions: [
        { name: "Phare du Créac'h", photo: photo1, lat: 48.4594, lng: -5.1263 },
        { name: "Carnac", photo: photo2, description: "Les alignements de menhirs", lat: 47.5936, lng: -3.0813 },
        {
          name: "port-de-saint-malo",
          title: "Port de Saint-Malo",
          streetview: { pano: "PANO_e2e_abcdef", lat: 48.6493, lng: -2.0257, heading: 135, pitch: 2 },
          lat: 48.6493,
          lng: -2.0257,
        },
      ],
    }),
    make.quiz(owner, {
      uniqueName: BARE,
      name: "Quiz muet",
      description: "",
      mapSettings: null,
      questions: [{ name: "Un lavoir", photo: photo1, lat: 48.1, lng: -1.7 }],
    }),
  ]);
});

/** The page has hydrated and its offline map has drawn. */
async function ready(page: Page) {
  await hydrated(page);
  await page.locator("[data-offline-map][data-ready]").first().waitFor();
}

describe("Anyone with the link can look at a quiz's questions on a map", () => {
  const browsers = browsersFor({ phone: PHONE, laptop: LAPTOP });

  it("selects the first question at start, then the one clicked", async () => {
    const page = await browsers.laptop.newPage();
    const res = await page.goto(`${baseURL}/watch?quiz=${QUIZ}`);
    expect(res?.status()).toBe(200);
    await ready(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Balade en Bretagne");
    const thumbs = page.getByRole("navigation", { name: "Questions du quiz" }).getByRole("button");
    expect(await thumbs.count()).toBe(3);
    expect(await thumbs.nth(0).getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByRole("img", { name: "1. Phare du Créac'h" }).isVisible()).toBe(true);
    // The thumbnails are the stored pictures, and the Street View question has its badge.
    await expect
      .poll(() =>
        thumbs
          .nth(0)
          .locator("img")
          .evaluate((img: HTMLImageElement) => img.naturalWidth, undefined, { timeout: 5_000 })
      )
      .toBe(480);
    expect(await thumbs.nth(2).textContent()).toContain("Street View");
    await screenshot(page, "watch-laptop");

    await thumbs.nth(1).click();
    expect(await thumbs.nth(1).getAttribute("aria-pressed")).toBe("true");
    expect(await thumbs.nth(0).getAttribute("aria-pressed")).toBe("false");
    expect(await page.getByRole("img", { name: "2. Carnac" }).isVisible()).toBe(true);
    expect(await page.getByRole("img", { name: "1. Phare du Créac'h" }).count()).toBe(0);
    expect(await page.getByText("Question 2 sur 3").isVisible()).toBe(true);
    // The marker sits where the linear projection puts Carnac in the quiz's bounds.
    const map = (await page.locator("[data-offline-map]").boundingBox())!;
    const pin = (await page.getByRole("img", { name: "2. Carnac" }).locator("svg").boundingBox())!;
    const x = (pin.x + pin.width / 2 - map.x) / map.width;
    const y = (pin.y + pin.height - map.y) / map.height;
    expect(x).toBeCloseTo((-3.0813 - -5.2) / 4, 2);
    expect(y).toBeCloseTo((49 - 47.5936) / 1.8, 2);
    await screenshot(page, "watch-laptop-second");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("works on a phone", async () => {
    const page = await browsers.phone.newPage();
    await page.goto(`${baseURL}/watch?quiz=${QUIZ}`);
    await ready(page);
    const thumbs = page.getByRole("navigation", { name: "Questions du quiz" }).getByRole("button");
    await thumbs.nth(2).tap();
    expect(await thumbs.nth(2).getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByRole("img", { name: "3. Port de Saint-Malo" }).isVisible()).toBe(true);
    await screenshot(page, "watch-phone");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("opens a question in its own window, which 'Retour au classement' closes", async () => {
    const page = await browsers.laptop.newPage();
    await page.goto(`${baseURL}/watch?quiz=${QUIZ}`);
    await ready(page);
    await page.getByRole("button", { name: /Carnac/ }).click();
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("link", { name: "Voir la question" }).click(),
    ]);
    await ready(popup);
    expect(await popup.getByRole("heading", { level: 1 }).textContent()).toBe("Balade en Bretagne");
    expect(await popup.getByText("Les alignements de menhirs").isVisible()).toBe(true);
    expect(await popup.getByRole("img", { name: "Photo de la question 2" }).isVisible()).toBe(true);
    await screenshot(popup, "question-laptop");
    expect(await seriousViolations(popup)).toEqual([]);
    const closed = popup.waitForEvent("close");
    await popup.getByRole("button", { name: "Retour au classement" }).click();
    await closed;
    expect(popup.isClosed()).toBe(true);
    await page.close();
  });

  it("says the Street View cannot be shown offline, and shows the quiz's description as fallback", async () => {
    const page = await browsers.phone.newPage();
    await offlineGoogle(page);
    await page.goto(`${baseURL}/question?quiz=${QUIZ}&questionNumber=2`);
    await ready(page);
    expect(await page.getByRole("heading", { level: 2 }).textContent()).toBe("Port de Saint-Malo");
    expect(await page.getByText("Des phares, des ports et des menhirs").isVisible()).toBe(true);
    // The frame is first there, in case Google answers; here it cannot, and the panel says so.
    await page.getByText("La vue Street View ne peut pas s'afficher ici.").waitFor();
    expect(await page.locator("iframe").count()).toBe(0);
    expect(await page.locator(".sv-unavailable").innerText()).not.toContain("°");
    await screenshot(page, "question-phone-streetview");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("says no description is available when neither the question nor the quiz has one", async () => {
    const page = await browsers.phone.newPage();
    await page.goto(`${baseURL}/question?quiz=${BARE}&questionNumber=0`);
    await ready(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Quiz muet");
    expect(await page.getByText("Aucune description disponible pour cette question.").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Retour au classement" }).isVisible()).toBe(true);
    await screenshot(page, "question-phone");
    await page.close();
  });

  it("answers an unknown quiz or question with a French 404 page", async () => {
    const page = await browsers.phone.newPage();
    let res = await page.goto(`${baseURL}/watch?quiz=${uniqueSlug("inconnu")}`);
    expect(res?.status()).toBe(404);
    expect(await page.getByText("Ce quiz n'existe pas ou n'est plus disponible.").isVisible()).toBe(true);
    await screenshot(page, "watch-not-found");
    res = await page.goto(`${baseURL}/question?quiz=${QUIZ}&questionNumber=7`);
    expect(res?.status()).toBe(404);
    expect(await page.getByText("Cette question n'existe pas dans ce quiz.").isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("while a room plays the quiz, shows only the questions already revealed, and says why", { timeout: 90_000 }, async () => {
    const l = await launch({ owner, quiz: played });
    const pres = await presenter(l);
    const player = await join(l.room);
    const page = await browsers.phone.newPage();
    try {
      await page.goto(`${baseURL}/watch?quiz=${played.uniqueName}`);
      await ready(page);
      await page.getByText("Partie en cours : les réponses apparaissent au fil de la partie.").waitFor();
      expect(await page.getByText("Aucune réponse révélée pour l'instant.").isVisible()).toBe(true);
      expect(await page.content()).not.toContain(PLAYED_SPOTS[0]!.name);
      await screenshot(page, "watch-phone-playing-lobby");
      expect(await seriousViolations(page)).toEqual([]);

      pres.start();
      await player.play(0, PLAYED_SPOTS[0]!);
      await pres.next("pres_results", (m) => m.questionIndex === 0, 30_000);
      await page.reload();
      await ready(page);
      const thumbs = page.getByRole("navigation", { name: "Questions du quiz" }).getByRole("button");
      expect(await thumbs.count()).toBe(1);
      expect(await page.getByRole("img", { name: "1. Pointe du Raz" }).isVisible()).toBe(true);
      expect(await page.locator(".watch-caption-title").textContent()).toBe("Question 1 · Pointe du Raz");
      expect(await page.content()).not.toContain(PLAYED_SPOTS[1]!.name);
      await screenshot(page, "watch-phone-playing");
      expect(await seriousViolations(page)).toEqual([]);

      const laptop = await browsers.laptop.newPage();
      await laptop.goto(`${baseURL}/watch?quiz=${played.uniqueName}`);
      await ready(laptop);
      await screenshot(laptop, "watch-laptop-playing");
      await laptop.setViewportSize({ width: 768, height: 1024 });
      await screenshot(laptop, "watch-tablet-playing");
      await laptop.goto(`${baseURL}/question?quiz=${played.uniqueName}&questionNumber=0`);
      await ready(laptop);
      await screenshot(laptop, "question-tablet-playing");
      await laptop.close();
    } finally {
      await page.close();
      pres.close();
      player.close();
      await closeRoom(l);
    }
  });
});

/** Each page in the browser's language: what a visitor from Berlin or London reads. */
const WORDS = {
  fr: {
    list: "Questions du quiz",
    caption: "Question 1 sur 3 · Phare du Créac'h",
    see: "Voir la question",
    noDescription: "Aucune description disponible pour cette question.",
    back: "Retour au classement",
    mapTitle: "Carte",
    prompt: "Touchez la carte pour lire les coordonnées du point.",
    lat: /^48,\d{5}° N$/,
    lng: /^2,\d{5}° O$/,
    notFound: "Ce quiz n'existe pas ou n'est plus disponible.",
    home: "Retour à l'accueil",
  },
  en: {
    list: "The quiz's questions",
    caption: "Question 1 of 3 · Phare du Créac'h",
    see: "See the question",
    noDescription: "No description available for this question.",
    back: "Back to the ranking",
    mapTitle: "Map",
    prompt: "Tap the map to read the point's coordinates.",
    lat: /^48\.\d{5}° N$/,
    lng: /^2\.\d{5}° W$/,
    notFound: "This quiz does not exist or is no longer available.",
    home: "Back to the home page",
  },
  de: {
    list: "Die Fragen des Quiz",
    caption: "Frage 1 von 3 · Phare du Créac'h",
    see: "Frage ansehen",
    noDescription: "Für diese Frage gibt es keine Beschreibung.",
    back: "Zurück zur Rangliste",
    mapTitle: "Karte",
    prompt: "Tippe auf die Karte, um die Koordinaten des Punkts zu lesen.",
    lat: /^48,\d{5}° N$/,
    lng: /^2,\d{5}° W$/,
    notFound: "Dieses Quiz existiert nicht oder ist nicht mehr verfügbar.",
    home: "Zurück zur Startseite",
  },
} as const;

/** A laptop at 200 % zoom: 1280 x 800 device pixels, half as many CSS pixels. */
const ZOOM_200 = { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 };

/** Nothing wider than the window: no sideways scrolling (WCAG 2.2, 1.4.10 Reflow). */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

describe("The public pages speak the reader's language", () => {
  const browser = chromiumForTests();

  for (const [lang, locale] of [["fr", "fr-FR"], ["en", "en-US"], ["de", "de-DE"]] as const) {
    it(`/watch, /question and /map in ${locale}: worded, accessible, readable on a phone, at 200 % zoom and 320 px wide`, { timeout: 120_000 }, async () => {
      const words = WORDS[lang];
      const phone = await browser().newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale });
      const zoomed = await browser().newContext({ ...ZOOM_200, locale });
      try {
        const page = await phone.newPage();
        await page.goto(`${baseURL}/watch?quiz=${QUIZ}`);
        await ready(page);
        expect(await page.locator("html").getAttribute("lang")).toBe(lang);
        expect(await page.getByRole("navigation", { name: words.list }).getByRole("button").count()).toBe(3);
        expect(await page.locator(".watch-caption-title").textContent()).toBe(words.caption);
        expect(await page.getByRole("link", { name: words.see }).isVisible()).toBe(true);
        expect(await page.getByRole("button", { name: LANGUAGES[lang], pressed: true }).isVisible()).toBe(true);
        await screenshot(page, `watch-phone-${lang}`);
        expect(await seriousViolations(page)).toEqual([]);

        await page.goto(`${baseURL}/question?quiz=${BARE}&questionNumber=0`);
        await ready(page);
        expect(await page.getByText(words.noDescription).isVisible()).toBe(true);
        expect(await page.getByRole("button", { name: words.back }).isVisible()).toBe(true);
        await screenshot(page, `question-phone-${lang}`);
        expect(await seriousViolations(page)).toEqual([]);

        await page.goto(`${baseURL}/map`);
        await ready(page);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(words.mapTitle);
        expect(await page.getByText(words.prompt).isVisible()).toBe(true);
        const box = (await page.locator("[data-offline-map]").boundingBox())!;
        await page.touchscreen.tap(box.x + 0.2 * box.width, box.y + 0.3 * box.height);
        await expect.poll(() => page.getByTestId("tap-lat").textContent()).toMatch(words.lat);
        expect(await page.getByTestId("tap-lng").textContent()).toMatch(words.lng);
        await screenshot(page, `map-phone-${lang}`);
        expect(await seriousViolations(page)).toEqual([]);
        // With the keyboard's focus: the crosshair and the help line, long German words included.
        await tabTo(page, "[data-offline-map]");
        await page.locator("[data-offline-map] .map-hint").waitFor();
        await screenshot(page, `map-phone-keys-${lang}`);
        expect(await seriousViolations(page)).toEqual([]);

        const missing = await page.goto(`${baseURL}/watch?quiz=${uniqueSlug("inconnu")}`);
        expect(missing?.status()).toBe(404);
        expect(await page.getByText(words.notFound).isVisible()).toBe(true);
        expect(await page.getByRole("link", { name: words.home }).isVisible()).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);

        // 200 % zoom and a 320 px phone: everything reachable without scrolling sideways.
        const big = await zoomed.newPage();
        for (const [name, path] of [["watch", `/watch?quiz=${QUIZ}`], ["question", `/question?quiz=${QUIZ}&questionNumber=1`], ["map", "/map"]] as const) {
          await big.goto(baseURL + path);
          await ready(big);
          expect(await overflowsSideways(big), `${name} at 200 %`).toBe(false);
          await screenshot(big, `${name}-zoom200-${lang}`);
          if (name === "map") {
            await tabTo(big, "[data-offline-map]");
            await screenshot(big, `map-zoom200-keys-${lang}`);
          }
          await page.setViewportSize({ width: 320, height: 640 });
          await page.goto(baseURL + path);
          await ready(page);
          expect(await overflowsSideways(page), `${name} at 320 px`).toBe(false);
          if (lang === "de") await screenshot(page, `${name}-320-${lang}`);
        }
      } finally {
        await phone.close();
        await zoomed.close();
      }
    });
  }

  it("switches a French page to English in place, and the choice sticks on the device", { timeout: 60_000 }, async () => {
    const context = await browser().newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: "fr-FR" });
    try {
      const page = await context.newPage();
      await page.goto(`${baseURL}/watch?quiz=${QUIZ}`);
      await ready(page);
      await page.getByRole("navigation", { name: WORDS.fr.list }).getByRole("button").nth(1).tap();
      await page.getByRole("button", { name: "English" }).tap();
      await page.getByRole("navigation", { name: WORDS.en.list }).waitFor();
      // The same page, the same question chosen: only the words changed.
      expect(await page.locator(".watch-caption-title").textContent()).toBe("Question 2 of 3 · Carnac");
      expect(await page.locator("html").getAttribute("lang")).toBe("en");
      await page.goto(`${baseURL}/map`);
      await ready(page);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(WORDS.en.mapTitle);
    } finally {
      await context.close();
    }
  });
});

/** The language switch's buttons, each named in its own language. */
const LANGUAGES = { fr: "Français", en: "English", de: "Deutsch" } as const;
