import { request as httpRequest } from "node:http";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hydrated, LAPTOP, openBrowser, PHONE, screenshot, seriousViolations, signIn } from "../support/browser";
import { type OwnServer, startOwnServer } from "../support/own-server";

/**
 * The admin's security tools in a real browser: their own password, changed on the dashboard,
 * which ends their other sessions. The browser's own reports, end to end: a real Chromium refuses something under the enforced
 * policy and would refuse more under Google's strict one (Report-Only); its Reporting API posts
 * both to the app, and the admin reads them on the dashboard as « Alertes du navigateur ». A
 * server of this file's own: the endpoint's per-address budget then counts this browser alone.
 * Then the static files: served without the Worker, they carry the same headers as its answers.
 */

let server: OwnServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startOwnServer("security");
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await server?.stop();
});

/** A browser that delivers its reports within seconds instead of a minute. */
async function browser(viewport: { width: number; height: number }) {
  const context = await openBrowser(viewport, ["--short-reporting-delivery"]);
  contexts.push(context);
  await signIn(context, await server.kit.app.cookieFor(await server.kit.app.admin()), server.url);
  return context;
}

const panel = (page: Page) => page.locator('section[aria-labelledby="alertes"]');

describe("« Alertes du navigateur »", () => {
  it("shows what a real browser reported: the enforced policy's refusal and the strict policy's trial", { timeout: 120_000 }, async () => {
    const laptop = await browser(LAPTOP);
    const page = await laptop.newPage();
    await page.goto(`${server.url}/pres`);
    await hydrated(page);
    await panel(page).scrollIntoViewIfNeeded();
    await expect(panel(page).getByText("Aucune alerte").isVisible()).resolves.toBe(true);
    await screenshot(page, "alerts-empty-laptop");

    // A picture from a host the policy does not allow, as an injected page would load it. This
    // headless Chromium never delivers the Reporting API's batches (report-to; tested in workerd
    // with the batch Chrome sends): the page's policies are handed to it without report-to, so
    // it reports through report-uri, at once, as browsers without the Reporting API do.
    const player = await laptop.newPage();
    await player.route(`${server.url}/`, async (route) => {
      const response = await route.fetch();
      const headers = response.headers();
      for (const name of ["content-security-policy", "content-security-policy-report-only"]) {
        expect(headers[name]).toContain("report-uri /api/csp-report; report-to csp");
        headers[name] = headers[name]!.replace("; report-to csp", "");
      }
      delete headers["reporting-endpoints"];
      await route.fulfill({ response, headers });
    });
    await player.goto(`${server.url}/`);
    await hydrated(player);
    await player.evaluate(() => {
      const img = document.createElement("img");
      img.src = "https://tracker.example/pixel.png?who=me";
      document.body.appendChild(img);
    });

    // The reports arrive within seconds, each policy's on its own request (on a busy machine one
    // may land a while after the other); the dashboard shows them on its next load.
    const rows = panel(page).locator(".alerts-recent tbody tr");
    const tracker = rows.filter({ hasText: "tracker.example/pixel.png" });
    const refused = tracker.filter({ hasText: "Appliquée" });
    await expect
      .poll(
        async () => {
          await page.reload();
          return [await refused.count(), await tracker.filter({ hasText: "À l'essai" }).count()];
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toEqual([1, 1]);
    const text = (await panel(page).textContent())!;
    expect(text).not.toContain("who=me");
    expect(text).toMatch(/\d+ alertes reçues/);
    // The enforced refusal, and the strict policy's trial (the pages' style attributes).
    await expect(refused.textContent()).resolves.toContain("img-src");
    await expect(refused.textContent()).resolves.toContain("127.0.0.1");
    // The strict policy would also refuse the app's own stylesheet (no nonce on it).
    await expect(rows.filter({ hasText: "style-src" }).filter({ hasText: "À l'essai" }).count()).resolves.toBeGreaterThan(0);
    await panel(page).scrollIntoViewIfNeeded();
    await screenshot(page, "alerts-laptop");
    expect(await seriousViolations(page)).toEqual([]);

    const phone = await browser(PHONE);
    const small = await phone.newPage();
    await small.goto(`${server.url}/pres`);
    await hydrated(small);
    await panel(small).scrollIntoViewIfNeeded();
    expect(await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await screenshot(small, "alerts-phone");
  });
});

/** A GET through Node's http, with the Host a deployment would see. */
function getWithHost(url: string, host: string): Promise<Record<string, string | string[] | undefined>> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    httpRequest({ hostname: u.hostname, port: u.port, path: u.pathname, headers: { Host: host } }, (res) => {
      res.resume();
      resolve(res.headers);
    })
      .on("error", reject)
      .end();
  });
}

describe("the administrator's own password", () => {
  it("changes on the dashboard from a phone; the laptop's session ends, the phone's goes on", { timeout: 90_000 }, async () => {
    const admin = await server.kit.make.account({ role: "admin", name: "Claire", password: "ancien-mot-de-passe" });
    const cookie = await server.kit.app.cookieFor(admin);
    const phone = await openBrowser(PHONE);
    const laptop = await openBrowser(LAPTOP);
    contexts.push(phone, laptop);
    await signIn(phone, cookie, server.url);
    await signIn(laptop, cookie, server.url);

    const page = await phone.newPage();
    await page.goto(`${server.url}/pres`);
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.getByRole("link", { name: "Mot de passe" }).click();
    await page.getByRole("heading", { name: "Changer le mot de passe" }).waitFor();
    await hydrated(page);
    await screenshot(page, "admin-password-phone");
    expect(await seriousViolations(page)).toEqual([]);

    const fill = async (current: string, next: string, confirm: string) => {
      await page.getByLabel("Mot de passe actuel").fill(current);
      await page.getByLabel("Nouveau mot de passe", { exact: true }).fill(next);
      await page.getByLabel("Confirmer le nouveau mot de passe").fill(confirm);
      await page.getByRole("button", { name: "Changer le mot de passe" }).click();
    };
    // Said in the browser before anything is sent.
    await fill("ancien-mot-de-passe", "court", "court");
    await page.getByRole("alert").getByText("Le mot de passe doit contenir au moins 12 caractères").waitFor();
    // Refused by the server.
    await fill("pas-le-bon-mot", "nouveau-mot-de-passe", "nouveau-mot-de-passe");
    await page.getByRole("alert").getByText("Mot de passe actuel incorrect").waitFor();
    await fill("ancien-mot-de-passe", "nouveau-mot-de-passe", "nouveau-mot-de-passe");
    await page.getByRole("status").getByText("Mot de passe changé : vos autres sessions sont fermées").waitFor();
    await expect(page.getByLabel("Mot de passe actuel").inputValue()).resolves.toBe("");
    await screenshot(page, "admin-password-changed-phone");

    // The other device is logged out; this one stays in.
    const other = await laptop.newPage();
    await other.goto(`${server.url}/pres`);
    await other.getByRole("button", { name: "Connexion" }).waitFor();
    await page.goto(`${server.url}/pres`);
    await page.getByRole("link", { name: "Mot de passe" }).waitFor();
    // The new password logs in.
    await other.getByLabel("Mail", { exact: true }).fill(admin.mail);
    await other.getByLabel("Mot de passe", { exact: true }).fill("nouveau-mot-de-passe");
    await other.getByRole("button", { name: "Connexion" }).click();
    // The login form's title is « Administration » too: wait for the dashboard's own button.
    await other.getByRole("link", { name: "Mot de passe" }).waitFor();
    await other.goto(`${server.url}/pres/password`);
    await other.getByRole("heading", { name: "Changer le mot de passe" }).waitFor();
    await hydrated(other);
    await screenshot(other, "admin-password-laptop");
  });
});

describe("static files", () => {
  it("carry nosniff and the referrer policy, and HSTS outside the developer's machine", async () => {
    const html = await (await fetch(`${server.url}/pres`)).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    for (const file of [script!, "/favicon.svg", "/sounds/1.mp3", "/lobby-default.jpg"]) {
      const res = await fetch(`${server.url}${file}`);
      expect({ file, status: res.status }).toEqual({ file, status: 200 });
      expect({ file, nosniff: res.headers.get("X-Content-Type-Options") }).toEqual({ file, nosniff: "nosniff" });
      expect({ file, referrer: res.headers.get("Referrer-Policy") }).toEqual({ file, referrer: "strict-origin-when-cross-origin" });
      expect({ file, hsts: res.headers.get("Strict-Transport-Security") }).toEqual({ file, hsts: null });
      // The same file asked for by a deployment's name.
      const deployed = await getWithHost(`${server.url}${file}`, "repere.example");
      expect({ file, hsts: deployed["strict-transport-security"] }).toEqual({ file, hsts: "max-age=31536000" });
      expect({ file, nosniff: deployed["x-content-type-options"] }).toEqual({ file, nosniff: "nosniff" });
    }
  });
});
