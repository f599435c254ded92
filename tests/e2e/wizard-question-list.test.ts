import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestQuiz } from "../support/factory";
import { hydrated, openBrowser, PHONE, PRESENTER, screenshot, signIn } from "../support/browser";
import { app, baseURL, make } from "../support/e2e";

// The wizard's question list at the sizes it is used at: each question's name readable whole
// beside its buttons (Monter, Descendre, Modifier, Supprimer), never cut to its first letter.

const SEED = path.resolve("db/seed/pictures");
const NAMES = ["fontaine Saint-Michel", "place des Vosges", "pont Alexandre-III"];
const SIZES = { presenter: PRESENTER, tablet: { width: 768, height: 1024 }, phone: PHONE };

let quiz: TestQuiz;
let cookie: string;

beforeAll(async () => {
  const admin = await app.admin();
  cookie = await app.cookieFor(admin);
  const photos = await Promise.all(
    ["tour.jpg", "arc.jpg", "coupoles.jpg"].map((file) => make.photo(new Uint8Array(readFileSync(path.join(SEED, file))))),
  );
  quiz = await make.quiz(admin, {
    name: "Paris des places",
    questions: NAMES.map((name, i) => ({ name, photo: photos[i]!, lat: 48.853 + i / 1000, lng: 2.344 })),
  });
}, 120_000);

const contexts: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

describe("the wizard's question list", () => {
  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`shows every question's whole name at ${viewport.width}x${viewport.height}`, async () => {
      const context = await openBrowser(viewport);
      contexts.push(context);
      await signIn(context, cookie, baseURL);
      const page = await context.newPage();
      await page.goto(`${baseURL}/quiz/${quiz.uniqueName}/edit`);
      await hydrated(page);
      const names = page.locator(".wz-question-name");
      await names.first().waitFor();
      await page.locator(".wz-question-list").scrollIntoViewIfNeeded();
      await screenshot(page, `wizard-question-list-${size}`);
      expect(await names.allInnerTexts()).toEqual(NAMES);
      // Whole and readable: no text overflows its box, each name is given at least 120 px and
      // takes two lines at most; the row's buttons are still there.
      const cramped = await names.evaluateAll((spans) =>
        spans
          .filter((s) => {
            const box = s.getBoundingClientRect();
            const line = parseFloat(getComputedStyle(s).lineHeight) || 20;
            return s.scrollWidth > s.clientWidth + 1 || box.width < 120 || box.height > 2.5 * line;
          })
          .map((s) => s.textContent),
      );
      expect(cramped).toEqual([]);
      await expect(page.getByRole("button", { name: `Supprimer la question « ${NAMES[0]} »` }).isVisible()).resolves.toBe(true);
      await page.close();
    });
  }
});
