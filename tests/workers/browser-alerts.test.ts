import { env, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { browserAlerts } from "@db/schema";
import { app, cookieOf, db, make, ORIGIN, shownMarkup } from "../support/workers";

/**
 * « Alertes du navigateur »: the endpoint the pages' browsers send their CSP reports to, and the
 * admin's dashboard panel that reads them. The endpoint takes anyone's reports (a browser's carry
 * no cookie), so what it keeps is bounded: bodies, posts per address and in all, rows.
 */

let ipCounter = 0;
const newIp = () => `203.0.113.${++ipCounter}`;

function report(body: string, type: string, ip = newIp(), headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}/api/csp-report`, { method: "POST", body, headers: { "Content-Type": type, "CF-Connecting-IP": ip, ...headers } });
}

const cspReport = (fields: Record<string, string>) =>
  JSON.stringify({ "csp-report": { "document-uri": "http://localhost/play/123456", disposition: "enforce", ...fields } });

const batch = (reports: { directive: string; blocked: string; disposition?: string }[]) =>
  JSON.stringify(
    reports.map((r) => ({
      type: "csp-violation",
      age: 1,
      url: "http://localhost/pres",
      user_agent: "Chrome",
      body: { documentURL: "http://localhost/pres", effectiveDirective: r.directive, blockedURL: r.blocked, disposition: r.disposition ?? "report" },
    })),
  );

async function adminPanel(): Promise<string> {
  const res = await SELF.fetch(`${ORIGIN}/pres`, { headers: { Cookie: await cookieOf(await app.admin()) } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const start = html.indexOf('<section aria-labelledby="alertes"');
  expect(start, "the panel is on the admin's dashboard").toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</section>", start));
}

describe("the admin's panel", () => {
  it("says « Aucune alerte » before any report, and is not on an MJ's dashboard", async () => {
    const panel = await adminPanel();
    expect(panel).toContain("Alertes du navigateur");
    expect(panel).toContain("Aucune alerte");
    const mj = await shownMarkup(await SELF.fetch(`${ORIGIN}/mj`, { headers: { Cookie: await cookieOf(await make.mj()) } }));
    expect(mj).not.toContain("Alertes du navigateur");
  });

  it("counts both formats per directive and policy, and lists the last reports: page, directive, blocked address, time", async () => {
    expect((await report(cspReport({ "effective-directive": "img-src", "blocked-uri": "https://evil.example/pixel.png?id=7" }), "application/csp-report")).status).toBe(204);
    expect(
      (
        await report(
          batch([
            { directive: "style-src-attr", blocked: "inline" },
            { directive: "style-src-attr", blocked: "inline" },
            { directive: "img-src", blocked: "https://khms1.googleapis.com/kh?v=1", disposition: "enforce" },
          ]),
          "application/reports+json",
        )
      ).status,
    ).toBe(204);
    const panel = await adminPanel();
    expect(panel).toContain("4 alertes reçues");
    // img-src: 2 in force, 0 on trial; style-src-attr: 0 and 2.
    expect(panel).toMatch(/img-src<\/th><td[^>]*>2<\/td><td[^>]*>0<\/td>/);
    expect(panel).toMatch(/style-src-attr<\/th><td[^>]*>0<\/td><td[^>]*>2<\/td>/);
    expect(panel).toContain("evil.example/pixel.png");
    expect(panel).not.toContain("id=7");
    expect(panel).toContain("localhost/play/123456");
    expect(panel).toContain("khms1.googleapis.com/kh");
    expect(panel).toMatch(/\d\d\/\d\d\/\d{4} \d\dh\d\d/);
    expect(panel).toContain("À l&#x27;essai");
  });

  it("keeps the last 20 reports only, and a made-up directive counts as « autre »", async () => {
    const reports = Array.from({ length: 25 }, (_, i) => ({ directive: i === 24 ? "made-up-directive" : "font-src", blocked: `https://fonts.example/f${i}.woff2` }));
    expect((await report(batch(reports), "application/reports+json")).status).toBe(204);
    const rows = await db().select().from(browserAlerts);
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.blocked)).toContain("fonts.example/f23.woff2");
    expect(rows.map((r) => r.blocked)).not.toContain("fonts.example/f4.woff2");
    const panel = await adminPanel();
    expect(panel).toMatch(/font-src<\/th><td[^>]*>0<\/td><td[^>]*>24<\/td>/);
    expect(panel).toMatch(/autre<\/th><td[^>]*>0<\/td><td[^>]*>1<\/td>/);
    expect(panel).not.toContain("made-up-directive");
  });
});

describe("the report endpoint", () => {
  it("refuses another method, another type, an unreadable body and a body over 64 KB, storing nothing", async () => {
    const before = (await db().select().from(browserAlerts)).length;
    const get = await SELF.fetch(`${ORIGIN}/api/csp-report`);
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    const text = await report(cspReport({ "effective-directive": "img-src" }), "text/plain");
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ error: "Requête invalide : un rapport de sécurité du navigateur est attendu" });
    expect((await report("{oops", "application/csp-report")).status).toBe(400);
    const huge = await report(cspReport({ "effective-directive": "img-src", "blocked-uri": `https://x.example/${"a".repeat(70_000)}` }), "application/csp-report");
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: "La requête est trop volumineuse" });
    expect((await db().select().from(browserAlerts)).length).toBe(before);
  });

  it("takes reports from any page, Origin or not: they change nothing but the counts", async () => {
    const res = await report(cspReport({ "effective-directive": "frame-src" }), "application/csp-report", newIp(), { Origin: "https://evil.example" });
    expect(res.status).toBe(204);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("takes 30 posts in 10 minutes from one address, then 429 and nothing stored; another address goes on", { timeout: 60_000 }, async () => {
    const flood = "2001:db8:c5:1::";
    for (let i = 0; i < 30; i++) expect((await report(cspReport({ "effective-directive": "img-src" }), "application/csp-report", `${flood}${i}`)).status).toBe(204);
    const stored = (await db().select().from(browserAlerts)).map((r) => r.id);
    const refused = await report(cspReport({ "effective-directive": "media-src" }), "application/csp-report", `${flood}99`);
    expect(refused.status).toBe(429);
    expect((await db().select().from(browserAlerts)).map((r) => r.id)).toEqual(stored);
    expect((await report(cspReport({ "effective-directive": "media-src" }), "application/csp-report")).status).toBe(204);
  });

  it("takes 60 posts in 10 minutes from one IPv6 /48, however many of its /64s send them; another network goes on", { timeout: 60_000 }, async () => {
    const site = "2001:db8:c548";
    const posts = await Promise.all(
      Array.from({ length: 60 }, (_, i) => report(cspReport({ "effective-directive": "img-src" }), "application/csp-report", `${site}:${i.toString(16)}::1`)),
    );
    expect(new Set(posts.map((r) => r.status))).toEqual(new Set([204]));
    const stored = (await db().select().from(browserAlerts)).map((r) => r.id);
    const refused = await report(cspReport({ "effective-directive": "font-src" }), "application/csp-report", `${site}:ffff::1`);
    expect(refused.status).toBe(429);
    expect((await db().select().from(browserAlerts)).map((r) => r.id)).toEqual(stored);
    expect((await report(cspReport({ "effective-directive": "font-src" }), "application/csp-report", "2001:db8:c549:1::1")).status).toBe(204);
  });

  it("takes 600 posts in 10 minutes from all addresses together", async () => {
    // The shared counter is filled by hand: 600 real posts would only slow the suite.
    const all = env.Throttle.get(env.Throttle.idFromName("csp-report-all"));
    await runInDurableObject(all, (_instance, state) => {
      state.storage.kv.put("failures", Array.from({ length: 600 }, () => Date.now()));
    });
    expect((await report(cspReport({ "effective-directive": "img-src" }), "application/csp-report")).status).toBe(429);
    await runInDurableObject(all, (_instance, state) => {
      state.storage.kv.delete("failures");
    });
    expect((await report(cspReport({ "effective-directive": "img-src" }), "application/csp-report")).status).toBe(204);
  });
});
