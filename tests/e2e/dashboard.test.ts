import { and, count, eq } from "drizzle-orm";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizzes } from "@db/schema";
import { hydrated, LAPTOP, openBrowser, PHONE, screenshot, seriousViolations, signIn } from "../support/browser";
import { unique, uniqueSlug, type TestAccount } from "../support/factory";
import { app, baseURL, make } from "../support/e2e";

const MJ = { name: "Camille Martin", mail: `${unique("camille")}@repere.test`, password: "Carte-Postale-42" };
const Q = {
  eiffel: { unique: uniqueSlug("tour-eiffel"), name: "Monuments de Paris" },
  arc: { unique: uniqueSlug("arcs"), name: "Arcs et portes du monde" },
  domes: { unique: uniqueSlug("coupoles"), name: "Coupoles d'Europe" },
  pyramide: { unique: uniqueSlug("pyramide"), name: "Musées célèbres" },
};
const ADMIN_QUIZ = { unique: uniqueSlug("admin-quiz"), name: unique("Quiz de l'admin") };

const SEED = path.resolve("db/seed/pictures");
const seedPhoto = (file: string) => make.photo(new Uint8Array(readFileSync(path.join(SEED, file))));

const quizCard = (page: Page, unique: string) => page.locator(`article[data-quiz="${unique}"]`);
const folderCard = (page: Page, name: string) => page.locator(`article[data-folder="${name}"]`);

async function openQuizMenu(page: Page, name: string) {
  await page.getByRole("button", { name: `Actions du quiz « ${name} »` }).click();
}

async function openFolderMenu(page: Page, name: string) {
  await page.getByRole("button", { name: `Actions du dossier « ${name} »` }).click();
}

/** Waits for the page's notice to say exactly this (older notices may still be on screen). */
async function toastSays(page: Page, text: string) {
  await page.locator(".toast", { hasText: text }).waitFor({ timeout: 20_000 });
  expect(await page.locator(".toast").first().textContent()).toContain(text);
}

let browser: BrowserContext;
let mj: TestAccount;

beforeAll(async () => {
  const [tour, arc, coupoles, pyramide] = await Promise.all(["tour.jpg", "arc.jpg", "coupoles.jpg", "pyramide.jpg"].map(seedPhoto));
  const admin = await app.admin();
  mj = await make.mj({ ...MJ, expiration: Date.now() + 30 * 86_400_000, canEdit: false });
  /** A quiz of `owner` with these photos, all at the Eiffel tower, played at `playedAt`. */
  const quiz = (owner: TestAccount, q: { unique: string; name: string }, photos: string[], playedAt: number | null) =>
    make.quiz(owner, {
      uniqueName: q.unique,
      name: q.name,
      description: "Où ont été prises ces photos ?",
      lastTimePlayed: playedAt,
      questions: photos.map((photo, i) => ({ name: `Photo ${i + 1}`, photo, lat: 48.8584, lng: 2.2945 })),
    });
  await Promise.all([
    quiz(mj, Q.eiffel, [tour!, arc!, coupoles!], Date.UTC(2025, 2, 14, 19, 5)),
    quiz(mj, Q.arc, [arc!, tour!], null),
    quiz(mj, Q.domes, [coupoles!], Date.UTC(2025, 5, 2, 7, 45)),
    quiz(mj, Q.pyramide, [pyramide!, tour!, arc!, coupoles!], null),
    quiz(admin, ADMIN_QUIZ, [pyramide!], null),
  ]);
  browser = await openBrowser(LAPTOP);
  await browser.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe("A game master runs their workshop", () => {
  let page: Page;

  beforeAll(async () => {
    page = await browser.newPage();
  });
  afterAll(async () => {
    await page?.close();
  });

  it("logs in at /mj: required fields, wrong password, '...' while checking, then the dashboard", async () => {
    await page.goto(baseURL + "/mj");
    await hydrated(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Maîtres du jeu");
    await screenshot(page, "dashboard-login-mj");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Connexion" }).click();
    expect(await page.getByRole("alert").textContent()).toBe("Tous les champs sont obligatoires");

    await page.getByLabel("Identifiant").fill(MJ.mail);
    await page.getByLabel("Mot de passe").fill("pas-le-bon");
    await page.getByRole("button", { name: "Connexion" }).click();
    expect(await page.getByRole("alert").textContent({ timeout: 10_000 })).toBe("Identifiant / Mot de passe incorrect");

    // Hold the answer back a little to see the button while it waits.
    await page.route("**/mj.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.getByLabel("Mot de passe").fill(MJ.password);
    await page.getByRole("button", { name: "Connexion" }).click();
    await page.getByRole("button", { name: "..." }).waitFor({ timeout: 5000 });
    // The login page has the same title: wait for the dashboard's own button.
    await page.getByRole("button", { name: "Créer un dossier" }).waitFor({ timeout: 15_000 });
    await page.unroute("**/mj.data*");
    const cookies = await browser.cookies(baseURL);
    const auth = cookies.find((c) => c.name === "auth_mj")!;
    expect(auth.httpOnly).toBe(true);
    expect(auth.sameSite).toBe("Lax");
    expect(auth.path).toBe("/");
    expect(auth.expires * 1000 - Date.now()).toBeGreaterThan(23 * 3600_000);
  });

  it("shows the MJ's quizzes with their date, question count and launch options", async () => {
    await hydrated(page, ".quiz-card button");
    const eiffel = quizCard(page, Q.eiffel.unique);
    expect(await eiffel.textContent()).toContain("14/03/2025 20h05");
    expect(await eiffel.textContent()).toContain("3 questions");
    expect(await quizCard(page, Q.arc.unique).textContent()).toContain("Jamais jouée");
    expect(await page.locator("article[data-quiz]").count()).toBe(4);
    // Admin tools are not offered to an MJ.
    for (const label of ["Modifier les points", "Redémarrer", "Gérer les sons"]) {
      expect(await page.getByText(label).count()).toBe(0);
    }
    expect(await page.getByRole("link", { name: "Nouveau" }).getAttribute("href")).toBe("/quiz/new");
    // No Maps key here: the dashboard says the map is a test map, without imagery.
    expect(await page.getByRole("note").textContent()).toContain("Carte de test : sans clé Google Maps");

    const launch = eiffel.getByRole("link", { name: "Lancer" });
    expect(await launch.getAttribute("href")).toBe(
      `/mj/${Q.eiffel.unique}?icon=random&time=60&help_zone=500&max_player=50`,
    );
    expect(await eiffel.getByLabel("Temps de réponse").inputValue()).toBe("60");
    expect(await eiffel.getByLabel("Zone d'aide").inputValue()).toBe("500");
    expect(await eiffel.getByLabel("Équipes").count()).toBe(0);
    await eiffel.getByLabel("Joueurs max").fill("120");
    expect(await launch.getAttribute("href")).toContain("&max_player=120");
    await eiffel.getByLabel("Classement").selectOption("team");
    await eiffel.getByLabel("Icônes").selectOption("defined");
    await eiffel.getByLabel("Zone d'aide").selectOption("non");
    await eiffel.getByLabel("Temps de réponse").selectOption("30");
    expect(await eiffel.getByLabel("Joueurs par équipe").inputValue()).toBe("8");
    expect(await eiffel.getByLabel("Équipes").inputValue()).toBe("6");
    expect(await launch.getAttribute("href")).toBe(
      `/mj/${Q.eiffel.unique}?ranking=team&icon=defined&time=30&help_zone=non&max_player=8&max_team=6`,
    );
    expect(await eiffel.getByRole("link", { name: "Voir" }).getAttribute("href")).toBe(`/watch?quiz=${Q.eiffel.unique}`);
  });

  it("'Partager' copies the public link and says so", async () => {
    const card = quizCard(page, Q.arc.unique);
    await card.getByRole("button", { name: "Partager" }).click();
    await card.getByText("Lien copié").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/watch?quiz=${Q.arc.unique}`);
  });

  it("creates folders, a nested folder, and moves a quiz into it and back to the root", async () => {
    await page.getByRole("button", { name: "Créer un dossier" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Créer" }).click();
    expect(await dialog.getByRole("alert").textContent()).toBe("Le nom du dossier est obligatoire");
    await dialog.getByLabel("Nom du dossier").fill("Monde");
    await dialog.getByRole("button", { name: "Créer" }).click();
    await toastSays(page, "Dossier « Monde » créé");
    await folderCard(page, "Monde").waitFor();
    await page.getByRole("button", { name: "Créer un dossier" }).click();
    await page.getByRole("dialog").getByLabel("Nom du dossier").fill("Europe");
    await page.getByRole("dialog").getByRole("button", { name: "Créer" }).click();
    await folderCard(page, "Europe").waitFor();

    await folderCard(page, "Monde").getByRole("link", { name: "Monde", exact: true }).click();
    await page.getByRole("heading", { name: "Monde", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/mj\/\d+\/Monde\/folder$/);
    expect(await page.getByRole("link", { name: "Nouveau" }).getAttribute("href")).toMatch(/^\/quiz\/new\?folderId=\d+$/);
    await hydrated(page, ".dash-actions button");
    await page.getByRole("button", { name: "Créer un dossier" }).click();
    await page.getByRole("dialog").getByLabel("Nom du dossier").fill("Asie");
    await page.getByRole("dialog").getByRole("button", { name: "Créer" }).click();
    await folderCard(page, "Asie").waitFor();
    await page.getByRole("link", { name: "Retour" }).click();
    await page.getByRole("heading", { name: "Maîtres du jeu", level: 1 }).waitFor();
    await hydrated(page, ".quiz-card button");

    await openQuizMenu(page, Q.eiffel.name);
    await screenshot(page, "dashboard-quiz-menu");
    expect(await page.locator(".menu-list").getByText("Éditer").count()).toBe(0); // this MJ may not edit
    await page.locator(".menu-list").getByRole("button", { name: "Déplacer" }).click();
    const move = page.getByRole("dialog");
    const options = await move.getByLabel("Dossier de destination").locator("option").allTextContents();
    expect(options).toEqual(["Europe", "Monde", "Monde / Asie"]);
    await move.getByLabel("Dossier de destination").selectOption({ label: "Monde / Asie" });
    await screenshot(page, "dashboard-move-dialog");
    await move.getByRole("button", { name: "Déplacer" }).click();
    await toastSays(page, "Quiz déplacé");
    await quizCard(page, Q.eiffel.unique).waitFor({ state: "detached" });

    await folderCard(page, "Monde").getByRole("link", { name: "Monde", exact: true }).click();
    await folderCard(page, "Asie").getByRole("link", { name: "Asie", exact: true }).click();
    await page.getByRole("heading", { name: "Asie", level: 1 }).waitFor();
    await quizCard(page, Q.eiffel.unique).waitFor();
    expect(await page.getByRole("navigation", { name: "Fil d'Ariane" }).textContent()).toBe("AccueilMondeAsie");
    await hydrated(page, ".quiz-card button");
    await screenshot(page, "dashboard-folder");
    expect(await seriousViolations(page)).toEqual([]);
    await openQuizMenu(page, Q.eiffel.name);
    await page.locator(".menu-list").getByRole("button", { name: "Renvoyer à la racine" }).click();
    await toastSays(page, "Quiz renvoyé à la racine");
    await quizCard(page, Q.eiffel.unique).waitFor({ state: "detached" });
    expect(await page.getByText("Ce dossier ne contient aucun quiz.").isVisible()).toBe(true);

    await page.getByRole("link", { name: "Retour" }).click();
    await page.getByRole("heading", { name: "Monde", level: 1 }).waitFor();
    await page.getByRole("link", { name: "Retour" }).click();
    await page.getByRole("heading", { name: "Maîtres du jeu", level: 1 }).waitFor();
    await quizCard(page, Q.eiffel.unique).waitFor();
  });

  it("gives a folder a picture by clicking it", async () => {
    await hydrated(page, ".folder-card button");
    const card = folderCard(page, "Europe");
    await card.locator('input[type="file"]').setInputFiles(path.join(SEED, "cathedrale.jpg"));
    await toastSays(page, "Image du dossier mise à jour");
    await card.locator("img").waitFor();
    expect(await card.locator("img").getAttribute("src")).toMatch(/^\/api\/quizz\/images\/src\/pictures\/[a-f0-9]{64}\.jpg$/);
    const width = await card.locator("img").evaluate((img: HTMLImageElement) =>
      img.complete ? img.naturalWidth : new Promise<number>((r) => img.addEventListener("load", () => r(img.naturalWidth))),
    );
    expect(width).toBeGreaterThan(0);
  });

  it("duplicates a quiz, then deletes a folder with its content after saying what goes", async () => {
    await openQuizMenu(page, Q.domes.name);
    await page.locator(".menu-list").getByRole("button", { name: "Dupliquer" }).click();
    await toastSays(page, `« ${Q.domes.name} (copie) » créé`);
    const copy = page.locator("article[data-quiz]", { has: page.getByRole("heading", { name: `${Q.domes.name} (copie)` }) });
    await copy.waitFor();
    expect(await copy.textContent()).toContain("1 question");
    expect(await copy.textContent()).toContain("Jamais jouée");

    await openQuizMenu(page, `${Q.domes.name} (copie)`);
    await page.locator(".menu-list").getByRole("button", { name: "Déplacer" }).click();
    await page.getByRole("dialog").getByLabel("Dossier de destination").selectOption({ label: "Monde / Asie" });
    await page.getByRole("dialog").getByRole("button", { name: "Déplacer" }).click();
    await copy.waitFor({ state: "detached" });

    await openFolderMenu(page, "Monde");
    await page.locator(".menu-list").getByRole("button", { name: "Supprimer" }).click();
    const confirm = page.getByRole("dialog");
    expect(await confirm.textContent()).toContain("Supprimer le dossier « Monde » et tout son contenu (1 quiz, 1 dossier) ?");
    await screenshot(page, "dashboard-delete-folder");
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await folderCard(page, "Monde").waitFor({ state: "detached" });
    const [left] = await app.db
      .select({ n: count() })
      .from(quizzes)
      .where(and(eq(quizzes.name, `${Q.domes.name} (copie)`), eq(quizzes.ownerId, mj.id)));
    expect(left!.n).toBe(0);
  });

  it("deletes a quiz after confirmation", async () => {
    await openQuizMenu(page, Q.pyramide.name);
    await page.locator(".menu-list").getByRole("button", { name: "Supprimer" }).click();
    const confirm = page.getByRole("dialog");
    expect(await confirm.textContent()).toContain(`Supprimer le quiz « ${Q.pyramide.name} » (4 questions) ?`);
    await confirm.getByRole("button", { name: "Annuler" }).click();
    expect(await quizCard(page, Q.pyramide.unique).isVisible()).toBe(true);
    await openQuizMenu(page, Q.pyramide.name);
    await page.locator(".menu-list").getByRole("button", { name: "Supprimer" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click();
    await toastSays(page, `« ${Q.pyramide.name} » supprimé`);
    await quizCard(page, Q.pyramide.unique).waitFor({ state: "detached" });
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator(".toast").waitFor({ state: "detached", timeout: 10_000 });
    await screenshot(page, "dashboard-mj");
    await page.screenshot({ path: path.resolve("tests/.artifacts/screens/dashboard-mj-full.png"), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("updates their lobby picture", async () => {
    await page.getByRole("link", { name: "Mettre à jour la photo du Lobby" }).click();
    await page.getByRole("heading", { name: "Photo du Lobby" }).waitFor();
    expect(await page.getByRole("img", { name: "Photo actuelle du lobby" }).getAttribute("src")).toMatch(
      /^\/lobby-default\.jpg$|^\/api\/quizz\/images\/src\/pictures\//,
    );
    await hydrated(page, ".lobby-form button");
    await page.locator('.lobby-form input[type="file"]').setInputFiles(path.join(SEED, "coupoles.jpg"));
    expect(await page.getByText("Aperçu de la nouvelle photo").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Mettre à jour" }).click();
    await toastSays(page, "Photo du lobby mise à jour");
    await page.getByText("Votre photo").waitFor();
    const src = await page.getByRole("img", { name: "Photo actuelle du lobby" }).getAttribute("src");
    expect(src).toMatch(/^\/api\/quizz\/images\/src\/pictures\/[a-f0-9]{64}\.jpg$/);
  });

  it("logs out: back home, and /mj asks to log in again", async () => {
    await page.getByRole("button", { name: "Déconnexion" }).click();
    await page.waitForURL(baseURL + "/");
    expect((await browser.cookies(baseURL)).some((c) => c.name === "auth_mj")).toBe(false);
    await page.goto(baseURL + "/mj");
    expect(await page.getByLabel("Identifiant").isVisible()).toBe(true);
  });
});

describe("The administrator sees everything and sets the points", () => {
  let page: Page;

  beforeAll(async () => {
    page = await browser.newPage();
  });
  afterAll(async () => {
    await page?.close();
  });

  it("logs in at /pres with 'Mail' and sees every account's quizzes", async () => {
    await page.goto(baseURL + "/pres");
    await hydrated(page);
    await screenshot(page, "dashboard-login-admin");
    await page.getByLabel("Mail").fill((await app.admin()).mail);
    await page.getByLabel("Mot de passe").fill((await app.admin()).password);
    await page.getByRole("button", { name: "Connexion" }).click();
    await page.getByRole("button", { name: "Créer un dossier" }).waitFor({ timeout: 15_000 });
    for (const label of ["Modifier les points", "Gérer les sons", "Maîtres du jeu", "Mettre à jour la photo du Lobby"]) {
      expect(await page.getByRole("link", { name: label }).isVisible()).toBe(true);
    }
    expect(await page.getByRole("button", { name: "Redémarrer" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Déconnexion" }).count()).toBe(0);
    expect(await page.getByText("renseignez GOOGLE_MAPS_API_KEY").isVisible()).toBe(true);
    const mjQuiz = quizCard(page, Q.eiffel.unique);
    expect(await mjQuiz.textContent()).toContain(`MJ : ${MJ.name}`);
    await quizCard(page, ADMIN_QUIZ.unique).waitFor();
    expect(await folderCard(page, "Europe").textContent()).toContain(`MJ : ${MJ.name}`);
    await hydrated(page, ".quiz-card button");
    expect(await mjQuiz.getByRole("link", { name: "Lancer" }).getAttribute("href")).toBe(
      `/pres/${Q.eiffel.unique}?icon=random&time=60&help_zone=500&max_player=50`,
    );
    await mjQuiz.getByLabel("Classement").selectOption("team");
    expect(await mjQuiz.getByRole("link", { name: "Lancer" }).getAttribute("href")).toBe(
      `/pres/${Q.eiffel.unique}/team?icon=random&time=60&help_zone=500&max_player=8&max_team=6`,
    );
    // The admin sees every account's quizzes, other e2e files' included: stay inside this card.
    await mjQuiz.getByRole("button", { name: `Actions du quiz « ${Q.eiffel.name} »` }).click();
    expect(await page.locator(".menu-list").getByRole("link", { name: "Éditer" }).getAttribute("href")).toBe(
      `/quiz/${Q.eiffel.unique}/edit`,
    );
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Redémarrer" }).click();
    expect(await page.getByRole("dialog").textContent()).toContain("termine toutes les parties en cours");
    await page.getByRole("dialog").getByRole("button", { name: "Annuler" }).click();
    await page.mouse.move(0, 0);
    await screenshot(page, "dashboard-admin");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("changes the points of the rings, refusing empty or non-numeric fields", async () => {
    await page.getByRole("link", { name: "Modifier les points" }).click();
    await page.getByRole("heading", { name: "Modifier les points des couronnes de la cible" }).waitFor();
    await hydrated(page, ".points-form button");
    const before = await Promise.all(["200 m", "100 m", "50 m", "20 m"].map((l) => page.getByLabel(l).inputValue()));
    await screenshot(page, "dashboard-points");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("20 m").fill("");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    expect(await page.getByRole("alert").first().textContent()).toBe("Tous les champs sont obligatoires");
    await page.getByLabel("20 m").fill("cinq");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    expect(await page.locator(".toast-error").textContent()).toContain("Les points doivent être des nombres");
    await page.getByLabel("20 m").fill("7,5");
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await toastSays(page, "Points enregistrés");
    await page.reload();
    expect(await page.getByLabel("20 m").inputValue()).toBe("7.5");
    // Put the values back: other test files share this database.
    await hydrated(page, ".points-form button");
    await page.getByLabel("20 m").fill(before[3]);
    await page.getByRole("button", { name: "Sauvegarder" }).click();
    await toastSays(page, "Points enregistrés");
  });

  it("shows the lobby picture screen", async () => {
    await page.getByRole("link", { name: "Mettre à jour la photo du Lobby" }).click();
    await page.getByRole("heading", { name: "Photo du Lobby" }).waitFor();
    await page.getByRole("img", { name: "Photo actuelle du lobby" }).evaluate(
      (img: HTMLImageElement) => img.complete || new Promise((r) => img.addEventListener("load", r)),
    );
    await screenshot(page, "dashboard-lobby");
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.getByRole("button", { name: "Mettre à jour" }).isVisible()).toBe(true);
  });
});

describe("The workshop's top bar on a phone", () => {
  it("cuts a long account name short and keeps « Déconnexion » on the screen", async () => {
    // A name longer than the phone is wide: it once pushed the logout button 50 px off a 360 px
    // screen (and the page scrolled sideways).
    const long = await make.mj({ name: `Jean-Christophe de La Fontaine-Sauvageon ${unique("MJ")}` });
    const context = await openBrowser(PHONE);
    try {
      await signIn(context, await app.cookieFor(long), baseURL);
      const phone = await context.newPage();
      await phone.goto(`${baseURL}/mj`);
      const logout = phone.getByRole("button", { name: "Déconnexion" });
      const box = (await logout.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      const who = phone.locator(".dash-who");
      expect(await who.textContent()).toContain("Jean-Christophe");
      expect(await who.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await screenshot(phone, "dashboard-long-name-360");
    } finally {
      await context.close();
    }
  });
});
