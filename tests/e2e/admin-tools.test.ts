import { eq } from "drizzle-orm";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "@db/schema";
import { hydrated, LAPTOP, openBrowser, screenshot, seriousViolations } from "../support/browser";
import { uniqueSlug } from "../support/factory";
import { app, baseURL, make } from "../support/e2e";

const FIXTURES = path.resolve(import.meta.dirname, "..", "fixtures");

// Unique per run: the e2e server and its database are shared by every file.
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const NAME = `Camille ${RUN}`;
const MAIL = `camille-${RUN}@example.fr`;

let browser: BrowserContext;
let page: Page;

const noSeriousViolations = async (p: Page) => expect(await seriousViolations(p)).toEqual([]);

/** Waits for the notice at the bottom of the page to say exactly this. */
async function notice(p: Page, text: string) {
  await p.getByRole("status").getByText(text, { exact: true }).waitFor();
}

/** A field of the 'Ajouter un MJ' form (its labels end with a '*' for required fields). */
const addField = (p: Page, label: string) => p.locator(".add-mj-form").getByLabel(label);

const row = (p: Page, name: string) => p.locator("tbody tr").filter({ has: p.getByRole("rowheader", { name, exact: true }) });

beforeAll(async () => {
  browser = await openBrowser(LAPTOP);
  page = await browser.newPage();
  await page.goto(baseURL + "/pres");
  await hydrated(page);
  const admin = await app.admin();
  await page.getByLabel("Mail", { exact: true }).fill(admin.mail);
  await page.getByLabel("Mot de passe", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Connexion" }).click();
  await page.getByRole("heading", { level: 1, name: "Administration" }).waitFor();
});

afterAll(async () => {
  await browser?.close();
});

describe("The admin manages the game masters", () => {
  it("refuses an MJ with a missing field, then adds one with a photo", async () => {
    await page.getByRole("link", { name: "Maîtres du jeu" }).click();
    await page.getByRole("heading", { level: 1, name: "Maîtres du jeu" }).waitFor();
    await hydrated(page);
    await page.getByRole("button", { name: "Ajouter un MJ" }).click();
    await addField(page, "Nom").fill(NAME);
    await addField(page, "Mail").fill(MAIL);
    await addField(page, "Expiration").fill("2099-12-31");
    let posted = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/pres/admin/mj") && r.method() === "POST") posted = true;
    });
    await page.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Veuillez remplir tous les champs obligatoires !");
    expect(posted).toBe(false);
    expect(await addField(page, "Mot de passe").evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, "admin-mj-add-missing");
    await noSeriousViolations(page);

    await addField(page, "Mot de passe").fill("secret-camille");
    await addField(page, "Parties").fill("5");
    await page.getByLabel("Peut modifier ses quiz").check();
    await page.locator('input[name="photo_file"]').setInputFiles(path.join(FIXTURES, "phare-gps.png"));
    await expect(page.getByText("phare-gps.png").isVisible()).resolves.toBe(true);
    await page.getByRole("button", { name: "Ajouter", exact: true }).click();
    const added = row(page, NAME);
    await added.waitFor();
    await notice(page, `MJ « ${NAME} » ajouté`);
    const cells = added.locator("td");
    await expect(cells.nth(0).textContent()).resolves.toBe(MAIL);
    await expect(cells.nth(1).textContent()).resolves.toBe("••••••Mot de passe masqué");
    await expect(cells.nth(1).locator("[aria-hidden=true]").textContent()).resolves.toBe("••••••");
    await expect(cells.nth(2).textContent()).resolves.toBe("31/12/2099");
    expect(await cells.nth(2).locator(".expiry-ok").count()).toBe(1);
    await expect(cells.nth(3).textContent()).resolves.toBe("5");
    await expect(cells.nth(5).textContent()).resolves.toBe("Oui");
    const photo = added.getByRole("img", { name: `Photo de ${NAME}` });
    await expect(photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    expect(await page.content()).not.toContain("secret-camille");
  });

  it("shows a past expiry in red", async () => {
    await page.getByRole("button", { name: "Ajouter un MJ" }).click();
    await addField(page, "Nom").fill(`Ancien ${RUN}`);
    await addField(page, "Mail").fill(`ancien-${RUN}@example.fr`);
    await addField(page, "Mot de passe").fill("secret-ancien");
    await addField(page, "Expiration").fill("2020-01-31");
    await page.getByRole("button", { name: "Ajouter", exact: true }).click();
    const old = row(page, `Ancien ${RUN}`);
    await old.waitFor();
    await expect(old.locator(".expiry-past").textContent()).resolves.toBe("31/01/2020 expiré");
    const colors = await page.evaluate(() => [
      getComputedStyle(document.querySelector(".expiry-past")!).color,
      getComputedStyle(document.querySelector(".expiry-ok")!).color,
    ]);
    expect(colors).toEqual(["rgb(160, 22, 36)", "rgb(17, 102, 58)"]);
    await screenshot(page, "admin-mj-table");
    await noSeriousViolations(page);
  });

  it("edits a row inline, says so when the network fails or the MJ is gone", async () => {
    await row(page, NAME).getByRole("button", { name: `Modifier ${NAME}` }).click();
    const name = page.getByLabel(`Nom de ${NAME}`);
    await expect(name.inputValue()).resolves.toBe(NAME);
    const password = page.getByLabel(`Nouveau mot de passe de ${NAME} (vide : inchangé)`);
    await expect(password.getAttribute("placeholder")).resolves.toBe("Nouveau mot de passe");
    await expect(password.inputValue()).resolves.toBe("");
    await page.getByLabel(`Parties restantes de ${NAME} (vide : illimité)`).fill("");
    await name.fill(`${NAME} B`);
    await screenshot(page, "admin-mj-edit");
    await noSeriousViolations(page);

    // No answer at all: the network message, the row stays in editing.
    await page.route("**/api/pres/admin/mj", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Erreur réseau ou serveur injoignable");
    await page.unroute("**/api/pres/admin/mj");

    await page.getByRole("button", { name: "Enregistrer" }).click();
    const edited = row(page, `${NAME} B`);
    await edited.waitFor();
    await expect(edited.locator("td").nth(3).textContent()).resolves.toBe("Illimité");

    // Someone else deletes the MJ being edited.
    const old = `Ancien ${RUN}`;
    await row(page, old).getByRole("button", { name: `Modifier ${old}` }).click();
    const oldId = await page.locator('input[type="hidden"][name="id"]').inputValue();
    const status = await page.evaluate(
      async (id) => (await fetch(`/api/pres/admin/mj/delete/${id}`, { method: "POST" })).status,
      oldId,
    );
    expect(status).toBe(200);
    await page.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Utilisateur introuvable");
    await screenshot(page, "admin-mj-not-found");
    await page.getByRole("button", { name: "Annuler" }).click();
  });

  it("deletes an MJ after saying where their quizzes and folders go", async () => {
    const name = `${NAME} B`;
    const folderName = `Voyages ${RUN}`;
    const [owner] = await app.db.select().from(accounts).where(eq(accounts.mail, MAIL.toLowerCase()));
    await Promise.all([
      make.folder(owner!, { name: folderName }),
      make.quiz(owner!, { uniqueName: uniqueSlug("capitales"), name: `Capitales ${RUN}`, description: "Des capitales", mapSettings: null, questions: [] }),
    ]);
    await page.reload();
    await hydrated(page);
    await row(page, name).getByRole("button", { name: `Supprimer ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Supprimer « ${name} » ?` });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain(
      `son quiz et son dossier seront transférés à l'administrateur, dans un nouveau dossier « Quiz de ${name} ».`,
    );
    await screenshot(page, "admin-mj-delete-confirm");
    await noSeriousViolations(page);
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await notice(page, `« ${name} » supprimé ; 1 quiz et 1 dossier rangés dans « Quiz de ${name} »`);
    await row(page, name).waitFor({ state: "detached" });

    // The admin finds them on the dashboard.
    await page.goto(baseURL + "/pres");
    await page.getByRole("link", { name: `Quiz de ${name}` }).first().click();
    await page.getByRole("heading", { level: 1, name: `Quiz de ${name}` }).waitFor();
    await expect(page.getByText(folderName).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText(`Capitales ${RUN}`).first().isVisible()).resolves.toBe(true);
  });
});

describe("The admin manages the sounds", () => {
  it("lists the five categories, previews one sound at a time and replaces a sound with an mp3", async () => {
    await page.goto(baseURL + "/pres/sound");
    await hydrated(page);
    const titles = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(titles).toEqual(["Son d'attente", "Classement intermédiaire", "Classement final", "Bip", "Sons des photos"]);
    expect(await page.getByRole("button", { name: /^Écouter/ }).count()).toBe(7);

    await page.getByRole("button", { name: "Écouter : Son d'attente" }).click();
    await expect(page.getByRole("button", { name: "Arrêter : Son d'attente" }).getAttribute("aria-pressed")).resolves.toBe("true");
    const firstSrc = await page.locator("audio").evaluate((a: HTMLAudioElement) => a.src);
    expect(firstSrc).toMatch(/\/api\/sound\/1\?v=\d{13}$/);
    await page.getByRole("button", { name: "Écouter : Bip" }).click();
    expect(await page.getByRole("button", { name: /^Arrêter/ }).count()).toBe(1);
    await expect(page.locator("audio").evaluate((a: HTMLAudioElement) => a.src)).resolves.toMatch(/\/api\/sound\/4\?v=\d{13}$/);
    await page.getByRole("button", { name: "Arrêter : Bip" }).click();

    // A file not named .mp3 is never sent.
    let sent = false;
    page.on("request", (r) => {
      if (r.url().includes("/api/pres/admin/replaceSound/")) sent = true;
    });
    await page.getByLabel("Changer : Son photo 1").setInputFiles(path.join(FIXTURES, "phare-gps.png"));
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Seuls les fichiers .mp3 sont acceptés");
    expect(sent).toBe(false);

    const photoSounds = page.getByRole("region", { name: "Sons des photos" });
    const first = photoSounds.getByRole("listitem").first();
    await expect(first.textContent()).resolves.toContain("Son d'origine");
    await page.getByLabel("Changer : Son photo 1").setInputFiles(path.join(FIXTURES, "tiny.mp3"));
    await notice(page, "Son remplacé");
    await first.getByText("Personnalisé").waitFor();
    const list: string[] = await page.evaluate(async () => (await fetch("/api/pres/admin/soundList")).json());
    expect(list).toHaveLength(7);
    expect(list[4]).toMatch(/^\/api\/sound\/5\?v=[a-f0-9]{12}$/);
    const served = await page.evaluate(async () => {
      const res = await fetch("/api/sound/5");
      return { type: res.headers.get("Content-Type"), size: (await res.arrayBuffer()).byteLength };
    });
    expect(served).toEqual({ type: "audio/mpeg", size: 5014 });
    await screenshot(page, "admin-sounds");
    await photoSounds.scrollIntoViewIfNeeded();
    await screenshot(page, "admin-sounds-photos");
    await noSeriousViolations(page);

    // Back to the shipped sound, so that the other tests hear the defaults.
    await first.getByRole("button", { name: "Son d'origine : Son photo 1" }).click();
    await first.locator(".pill", { hasText: "Son d'origine" }).waitFor();
    await notice(page, "Son d'origine rétabli");
  });
});

describe("The admin restarts the server", () => {
  it("asks before ending every game, then says how many it ended", async () => {
    // A game left in its lobby (a number no other test uses: 9 then five digits of this run).
    const room = `9${String(parseInt(RUN.slice(-6), 36) % 100000).padStart(5, "0")}`;
    await make.game({ quiz: "quiz", owner: 1, roomNumber: room });
    // Without JavaScript the restart page asks itself; the dashboard's dialog already asked.
    await page.goto(baseURL + "/pres/restart");
    await hydrated(page);
    await page.getByRole("heading", { name: "Terminer toutes les parties en cours ?" }).waitFor();
    expect(await page.locator(".restart-count").textContent()).toMatch(/^Parties en cours : \d+$/);
    await screenshot(page, "admin-restart-confirm");
    await noSeriousViolations(page);
    await page.getByRole("button", { name: "Terminer les parties" }).click();
    const result = page.locator(".restart-result");
    await result.waitFor();
    expect(await result.textContent()).toMatch(/^(1 partie terminée|\d+ parties terminées)$/);
    expect(page.url()).toMatch(/\/pres\/restart\?ended=\d+$/);
    await screenshot(page, "admin-restart-done");
    await noSeriousViolations(page);
    // From the dashboard, the dialog's confirmation ends the games at once.
    await make.game({ quiz: "quiz", owner: 1, roomNumber: String(Number(room) + 1) });
    await page.goto(baseURL + "/pres");
    await hydrated(page);
    await page.getByRole("button", { name: "Redémarrer" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Redémarrer" }).click();
    await result.waitFor();
    expect(await result.textContent()).toMatch(/^(1 partie terminée|\d+ parties terminées)$/);
    // Nothing is left to end.
    await page.goto(baseURL + "/pres/restart");
    await expect(page.locator(".restart-count").textContent()).resolves.toBe("Aucune partie n'est en cours pour l'instant.");
  });
});
