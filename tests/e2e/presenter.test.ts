import AxeBuilder from "@axe-core/playwright";
import { createHash, pbkdf2Sync, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openBrowser, PRESENTER, screenshot } from "./browser";
import { execSql, putObject, sqlValue } from "./db";
import { Phone } from "./lib/phone";

const baseURL = inject("baseURL");

// One server and database for every e2e file: everything here is unique to this run.
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ADMIN_QUIZ = `tour-de-france-${RUN}`;
const MJ_QUIZ = `capitales-${RUN}`;
const CROWD_QUIZ = `grande-salle-${RUN}`;
const MJ = { mail: `presentatrice-${RUN}@repere.test`, password: "Salle-des-fetes-7" };

/** True spots of the questions (Paris landmarks): phones answer relative to them. */
const SPOTS = [
  { lat: 48.8584, lng: 2.2945, photo: "tour.jpg", name: "Tour Eiffel" },
  { lat: 48.8738, lng: 2.295, photo: "arc.jpg", name: "Arc de Triomphe" },
  { lat: 48.8606, lng: 2.3376, photo: "pyramide.jpg", name: "Pyramide du Louvre" },
];
const MAP = JSON.stringify({
  center: { lat: 48.8625, lng: 2.32 },
  zoom: 12,
  bounds: { north: 48.905, south: 48.82, east: 2.42, west: 2.22 },
});
/** Offsets from the spot: inside the 20 m ring, inside the 200 m ring, 2 km away. */
const NEAR = { lat: 0.00005, lng: 0 };
const MID = { lat: 0.0013, lng: 0 };
const FAR = { lat: 0.018, lng: 0.004 };
const at = (q: number, d: { lat: number; lng: number }) => ({ lat: SPOTS[q]!.lat + d.lat, lng: SPOTS[q]!.lng + d.lng });

function passwordHash(password: string): string {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 100_000, 32, "sha256");
  return `pbkdf2-sha256$100000$${salt.toString("base64")}$${hash.toString("base64")}`;
}

function storeSeedPhoto(file: string): string {
  const bytes = readFileSync(path.resolve("db/seed/pictures", file));
  const key = `photos/${createHash("sha256").update(bytes).digest("hex")}.jpg`;
  putObject(key, new Uint8Array(bytes), "image/jpeg");
  return key;
}

function quizSql(
  unique: string,
  name: string,
  ownerMail: string,
  folder: string | null,
  count: number,
  keys: string[],
  streetViewAt = -1,
) {
  const rows = [
    `INSERT INTO quizzes (unique_name, owner_id, folder_id, name, description, map_settings)
     VALUES (${sqlValue(unique)}, (SELECT id FROM accounts WHERE mail = ${sqlValue(ownerMail)}), ${folder ?? "NULL"},
     ${sqlValue(name)}, 'Où ont été prises ces photos ?', ${sqlValue(MAP)});`,
  ];
  for (let i = 0; i < count; i++) {
    const s = SPOTS[i]!;
    if (i === streetViewAt) {
      rows.push(
        `INSERT INTO questions (quiz_unique_name, position, name, kind, sv_pano, sv_lat, sv_lng, sv_heading, sv_pitch, lat, lng)
         VALUES (${sqlValue(unique)}, ${i}, ${sqlValue(s.name)}, 'streetview', 'PANO_presenter_e2e', ${s.lat}, ${s.lng}, 120, 5, ${s.lat}, ${s.lng});`,
      );
      continue;
    }
    rows.push(
      `INSERT INTO questions (quiz_unique_name, position, name, kind, file_key, lat, lng)
       VALUES (${sqlValue(unique)}, ${i}, ${sqlValue(s.name)}, 'photo', ${sqlValue(keys[i]!)}, ${s.lat}, ${s.lng});`,
    );
  }
  return rows.join("\n");
}

async function login(apiPath: string, identifiant: string, password: string): Promise<string> {
  const res = await fetch(new URL(apiPath, baseURL), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identifiant, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { jwt: string }).jwt;
}

async function seriousViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The presenter's socket passes through the test, which can cut it and hold it down. */
function cuttableSocket(page: Page) {
  let held = false;
  let current: WebSocketRoute | null = null;
  const ready = page.routeWebSocket(/\/parties\/game-room\//, (ws) => {
    if (held) {
      void ws.close();
      return;
    }
    current = ws;
    ws.connectToServer();
  });
  return {
    ready,
    cut() {
      held = true;
      void current?.close();
    },
    restore() {
      held = false;
    },
  };
}

const step = (page: Page) => page.locator("[data-step]").getAttribute("data-step");

async function waitStep(page: Page, name: string, timeout = 30_000) {
  await page.locator(`[data-step="${name}"]`).waitFor({ timeout });
}

async function roomOf(page: Page): Promise<string> {
  await page.waitForURL(/[?&]room=\d{6}/);
  return new URL(page.url()).searchParams.get("room")!;
}

let adminJwt = "";
let mjJwt = "";
let folderId = 0;

beforeAll(async () => {
  // The first request creates the admin (ensureAdmin).
  await fetch(baseURL);
  const keys = SPOTS.map((s) => storeSeedPhoto(s.photo));
  const folderName = `Soirées ${RUN}`;
  execSql(
    [
      `INSERT INTO accounts (role, name, mail, password_hash) VALUES ('mj', 'Présentatrice', ${sqlValue(MJ.mail)}, ${sqlValue(passwordHash(MJ.password))});`,
      `INSERT INTO folders (owner_id, name) VALUES ((SELECT id FROM accounts WHERE mail = ${sqlValue(MJ.mail)}), ${sqlValue(folderName)});`,
      quizSql(ADMIN_QUIZ, "Monuments de Paris", inject("adminMail"), null, 3, keys),
      quizSql(CROWD_QUIZ, "Grande salle", inject("adminMail"), null, 1, keys),
      quizSql(
        MJ_QUIZ,
        "Paris en équipes",
        MJ.mail,
        `(SELECT id FROM folders WHERE name = ${sqlValue(folderName)})`,
        2,
        keys,
        1,
      ),
    ].join("\n"),
  );
  const out = execSql(`SELECT id FROM folders WHERE name = ${sqlValue(folderName)};`);
  folderId = Number(/(\d+)\s*│\s*$/m.exec(out)?.[1] ?? /"id":\s*(\d+)/.exec(out)?.[1]);
  expect(folderId).toBeGreaterThan(0);
  adminJwt = await login("/api/auth/login", inject("adminMail"), inject("adminPassword"));
  mjJwt = await login("/api/auth/mj/login", MJ.mail, MJ.password);
}, 120_000);

describe("The presenter runs a whole game on the big screen", () => {
  let browser: BrowserContext;
  const phones: Phone[] = [];
  beforeAll(async () => {
    browser = await openBrowser(PRESENTER);
  });
  afterAll(async () => {
    for (const p of phones) p.close();
    await browser?.close();
  });

  it(
    "player mode: lobby, kick, questions, results map, ranking with pause, reloads, podium, new game",
    async () => {
      await browser.addCookies([{ name: "auth_admin", value: adminJwt, url: baseURL }]);
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const sounds = new Set<string>();
      page.on("request", (r) => {
        const m = /\/api\/sound\/(\d+)/.exec(r.url());
        if (m) sounds.add(m[1]!);
      });
      const socket = cuttableSocket(page);
      await socket.ready;

      // Loading: the launch is a POST sent by the page itself; hold it a moment to see it.
      await page.route(/\/pres\//, async (route) => {
        if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 1200));
        await route.fallback();
      });
      await page.goto(`${baseURL}/pres/${ADMIN_QUIZ}?icon=random&time=15&help_zone=non&max_player=50`);
      await expect.poll(() => page.getByRole("heading", { name: "Chargement" }).isVisible()).toBe(true);
      await screenshot(page, "presenter-1-loading");
      const room = await roomOf(page);
      await page.unroute(/\/pres\//);

      // Lobby: the code in two halves, the QR code, the address, the capacity.
      await waitStep(page, "lobby");
      await expect.poll(() => page.getByTestId("room-code").textContent()).toBe(`${room.slice(0, 3)} ${room.slice(3)}`);
      await expect.poll(() => page.getByText(new URL(baseURL).host, { exact: true }).isVisible()).toBe(true);
      expect(await page.locator(".lobby-qr svg").count()).toBe(1);
      expect(await page.getByTestId("capacity").textContent()).toBe("0/50");

      // No player yet: the start is refused in French.
      await page.getByRole("button", { name: "Lancer la partie" }).click();
      await expect
        .poll(() => page.getByRole("alert").filter({ hasText: "Impossible de lancer la partie sans joueur" }).isVisible())
        .toBe(true);
      expect(await step(page)).toBe("lobby");

      // Sound: one click on 'Activer le son' (or any click) is enough; then a mute toggle.
      const soundOn = page.getByRole("button", { name: "Activer le son" });
      if (await soundOn.isVisible()) await soundOn.click();
      await page.getByRole("button", { name: /Couper le son|Remettre le son/ }).waitFor();

      for (let i = 0; i < 4; i++) phones.push(await Phone.join(baseURL, room));
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("4/50");
      for (const p of phones) await page.getByText(p.pseudo, { exact: true }).waitFor();
      await page.waitForTimeout(500); // the last chip pops in
      await screenshot(page, "presenter-2-lobby");
      expect(await seriousViolations(page)).toEqual([]);

      // Kick the fourth player, after confirming.
      const kicked = phones.pop()!;
      await page.getByRole("button", { name: `Exclure ${kicked.pseudo}` }).click();
      await page.getByRole("dialog").waitFor();
      await screenshot(page, "presenter-3-kick-confirm");
      await page.getByRole("dialog").getByRole("button", { name: "Exclure" }).click();
      expect((await kicked.waitFor("player_kicked")).reason).toBe("kick");
      kicked.close();
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("3/50");
      await expect.poll(() => page.getByText(kicked.pseudo, { exact: true }).count()).toBe(0);

      // The socket drops: 'Reconnexion…', then the same lobby again.
      socket.cut();
      await page.getByText("Reconnexion…").waitFor();
      await screenshot(page, "presenter-4-reconnecting");
      socket.restore();
      await page.getByText("Reconnexion…").waitFor({ state: "detached", timeout: 20_000 });
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("3/50");

      // A reload of the lobby: the same room, the same players, no second launch.
      await page.reload();
      await waitStep(page, "lobby");
      expect(new URL(page.url()).searchParams.get("room")).toBe(room);
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("3/50");

      const [a, b, c] = phones as [Phone, Phone, Phone];
      await page.getByRole("button", { name: "Lancer la partie" }).click();
      await waitStep(page, "starting");
      await page.getByRole("heading", { name: "Lancement" }).waitFor();
      await screenshot(page, "presenter-5-starting");

      // Question 1: markers land on the answer-time axis as phones answer.
      await waitStep(page, "question", 15_000);
      await page.getByText("Question 1/3").waitFor();
      expect(Number((await page.getByTestId("points-left").textContent())!.replace(",", "."))).toBeGreaterThan(3);
      await a.answer(0, at(0, NEAR));
      await b.answer(0, at(0, MID));
      await expect.poll(() => page.getByTestId("answered").textContent()).toBe("2/3 ont répondu");
      await expect.poll(() => page.locator(".answer-marker").count()).toBe(2);
      await screenshot(page, "presenter-6-question");
      expect(await seriousViolations(page)).toEqual([]);
      await c.answer(0, at(0, FAR));

      // Everyone answered: results, then the map sequence, then the ranking.
      await waitStep(page, "endQuestion", 10_000);
      await page.getByRole("heading", { name: "Chargement des résultats" }).waitFor();
      await screenshot(page, "presenter-7-end-question");
      await waitStep(page, "resultsQuestion", 10_000);
      // Farthest first: the far answer appears before the near one.
      await page.locator(`[data-marker-id="${c.playerID}"]`).waitFor({ timeout: 10_000 });
      expect(await page.locator(`[data-marker-id="${a.playerID}"]`).count()).toBe(0);
      await page.locator(`[data-marker-id="${b.playerID}"]`).waitFor({ timeout: 10_000 });
      await page.locator(".results-zone li").filter({ hasText: b.pseudo }).waitFor();
      await page.waitForTimeout(1100); // the camera settles on the rings
      await screenshot(page, "presenter-8-results-map");
      expect(await seriousViolations(page)).toEqual([]);
      await page.locator(`[data-marker-id="${a.playerID}"]`).waitFor({ timeout: 10_000 });
      expect(await page.locator(".om-circle").count()).toBeGreaterThanOrEqual(4);

      await waitStep(page, "resultsQuestion_classement", 15_000);
      await page.getByRole("heading", { name: "Classement" }).waitFor();
      const firstRow = page.locator(".ranking-table tbody tr").first();
      expect(await firstRow.locator(".ranking-pseudo").textContent()).toBe(a.pseudo);
      expect(await firstRow.locator(".ranking-points").textContent()).toMatch(/^\d+,\d{2} pts$/);
      expect(await page.locator(".ranking-table tbody tr").nth(2).locator(".ranking-points").textContent()).toBe("0,00 pts");
      await screenshot(page, "presenter-9-ranking");
      expect(await seriousViolations(page)).toEqual([]);

      // Without a pause, the next question comes by itself after 5 s.
      await waitStep(page, "question", 12_000);
      await page.getByText("Question 2/3").waitFor();

      // Question 2: the reload of a question comes back to that question.
      await a.answer(1, at(1, MID));
      await page.reload();
      await waitStep(page, "question");
      await page.getByText("Question 2/3").waitFor();
      await b.answer(1, at(1, NEAR));
      await c.answer(1, at(1, NEAR));
      await waitStep(page, "resultsQuestion_classement", 30_000);

      // Pause holds the ranking; 'Retour photo & carte' opens the question page and pauses too.
      await page.getByRole("button", { name: "Pause" }).click();
      await page.getByRole("status").filter({ hasText: "En pause" }).waitFor();
      await page.waitForTimeout(6000);
      expect(await step(page)).toBe("resultsQuestion_classement");
      const [popup] = await Promise.all([
        browser.waitForEvent("page"),
        page.getByRole("button", { name: "Retour photo & carte" }).click(),
      ]);
      await popup.waitForLoadState();
      expect(popup.url()).toContain(`/question?quiz=${ADMIN_QUIZ}&questionNumber=1`);
      await popup.close();

      // A reload during the ranking comes back to the paused ranking, not to the map.
      await page.reload();
      await waitStep(page, "resultsQuestion_classement");
      await page.getByRole("status").filter({ hasText: "En pause" }).waitFor();
      await page.waitForTimeout(6000);
      expect(await step(page)).toBe("resultsQuestion_classement");
      await page.getByRole("button", { name: "Page suivante" }).click();

      // Question 3, the last one; 'Page suivante' after its ranking ends the game.
      await waitStep(page, "question", 10_000);
      await page.getByText("Question 3/3").waitFor();
      await Promise.all([a.answer(2, at(2, NEAR)), b.answer(2, at(2, NEAR)), c.answer(2, at(2, MID))]);
      await waitStep(page, "resultsQuestion_classement", 30_000);
      await page.getByRole("status").filter({ hasText: /Résultats finaux dans/ }).waitFor();
      await page.getByRole("button", { name: "Pause" }).click();
      await page.getByRole("button", { name: "Page suivante" }).click();

      await waitStep(page, "endGame", 10_000);
      await page.getByRole("heading", { name: "Fin de la Partie" }).waitFor();
      expect(await page.locator(".podium-place").count()).toBe(3);
      expect(await page.locator(".podium-1 .podium-name").textContent()).toBe(a.pseudo);
      await page.waitForTimeout(1500); // the podium rises
      await screenshot(page, "presenter-10-end");
      expect(await seriousViolations(page)).toEqual([]);
      const ended = phones.map((p) => p.waitFor("player_kicked"));

      // 'Nouvelle partie' closes the room and goes back to the dashboard.
      await page.getByRole("button", { name: "Nouvelle partie" }).click();
      await page.waitForURL(`${baseURL}/pres`);
      for (const k of await Promise.all(ended)) expect(k.reason).toBe("ended");
      // Lobby music, ranking jingle, end fanfare and one of the question musics were asked for.
      expect([...sounds].filter((id) => ["1", "2", "3"].includes(id)).sort()).toEqual(["1", "2", "3"]);
      expect([...sounds].some((id) => ["5", "6", "7"].includes(id))).toBe(true);

      // The room is over: its page says so instead of a dead screen.
      await page.goto(`${baseURL}/pres/${ADMIN_QUIZ}?room=${room}`);
      await page.getByRole("heading", { name: "Cette partie est terminée" }).waitFor();
      expect(errors).toEqual([]);
    },
    300_000,
  );
});

describe("A game master runs a team game", () => {
  let browser: BrowserContext;
  const phones: Phone[] = [];
  beforeAll(async () => {
    browser = await openBrowser(PRESENTER);
  });
  afterAll(async () => {
    for (const p of phones) p.close();
    await browser?.close();
  });

  it(
    "team mode: teams in the lobby, team ranking, team podium, back to the folder",
    async () => {
      await browser.addCookies([{ name: "auth_mj", value: mjJwt, url: baseURL }]);
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(
        `${baseURL}/mj/${MJ_QUIZ}?ranking=team&icon=random&time=15&help_zone=non&max_player=3&max_team=2&folderId=${folderId}`,
      );
      const room = await roomOf(page);
      expect(page.url()).toContain("ranking=team");
      await waitStep(page, "lobby");
      expect(await page.getByTestId("capacity").textContent()).toBe("0/6");
      await page.getByText("2 équipes × 3 joueurs").waitFor();

      for (let i = 0; i < 4; i++) phones.push(await Phone.join(baseURL, room));
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("4/6");
      await page.getByRole("heading", { name: /Équipe bleue/ }).waitFor();
      await page.getByRole("heading", { name: /Équipe jaune/ }).waitFor();
      for (const p of phones) await page.getByText(p.pseudo, { exact: true }).waitFor();
      await page.waitForTimeout(500);
      await screenshot(page, "presenter-team-1-lobby");
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Lancer la partie" }).click();
      await waitStep(page, "question", 15_000);
      const blue = phones.filter((p) => p.pseudo.includes("ble"));
      const yellow = phones.filter((p) => !p.pseudo.includes("ble"));
      expect(blue.length).toBe(2);
      for (const p of blue) await p.answer(0, at(0, NEAR));
      for (const p of yellow) await p.answer(0, at(0, FAR));

      await waitStep(page, "resultsQuestion_classement", 40_000);
      await page.getByRole("heading", { name: "Équipes" }).waitFor();
      const teams = page.locator(".team-row");
      expect(await teams.count()).toBe(2);
      expect(await teams.first().locator(".team-swatch").textContent()).toBe("Équipe bleue");
      expect(await teams.first().locator(".team-points").textContent()).toMatch(/^\d+,\d{2} pts/);
      await screenshot(page, "presenter-team-2-ranking");
      expect(await seriousViolations(page)).toEqual([]);

      // Question 2 is a Street View: offline (no Maps key) a panel gives the position.
      await waitStep(page, "question", 12_000);
      await page.getByText("Question 2/2").waitFor();
      await page.getByText("Vue Street View").waitFor();
      // Nobody answers for 5 s: the warning beeps 10 s before the end.
      const beep = page.waitForRequest(/\/api\/sound\/4/, { timeout: 15_000 });
      await screenshot(page, "presenter-team-3-streetview");
      await beep;
      for (const p of phones) await p.answer(1, at(1, MID));
      await waitStep(page, "resultsQuestion_classement", 40_000);
      await page.getByRole("button", { name: "Page suivante" }).click();

      await waitStep(page, "endGame", 10_000);
      await page.getByRole("list", { name: "Podium des équipes" }).waitFor();
      expect(await page.locator(".podium-1 .podium-name").textContent()).toBe("Équipe bleue");
      await page.waitForTimeout(1500);
      await screenshot(page, "presenter-team-4-end");
      expect(await seriousViolations(page)).toEqual([]);

      // A reload of the podium shows the podium again.
      await page.reload();
      await waitStep(page, "endGame");
      expect(await page.locator(".podium-1 .podium-name").textContent()).toBe("Équipe bleue");

      await page.getByRole("button", { name: "Nouvelle partie" }).click();
      await page.waitForURL(new RegExp(`/mj/${folderId}/[^/]+/folder$`));
      expect(errors).toEqual([]);
    },
    240_000,
  );
});

describe("A full room stays readable from the back", () => {
  it("forty players: lobby, answers, map, two-column ranking, podium and the rest", async () => {
    const browser = await openBrowser(PRESENTER);
    const phones: Phone[] = [];
    try {
      await browser.addCookies([{ name: "auth_admin", value: adminJwt, url: baseURL }]);
      const page = await browser.newPage();
      await page.goto(`${baseURL}/pres/${CROWD_QUIZ}/player?icon=random&time=15&help_zone=non&max_player=60`);
      const room = await roomOf(page);
      await waitStep(page, "lobby");
      for (let i = 0; i < 40; i++) phones.push(await Phone.join(baseURL, room));
      await expect.poll(() => page.getByTestId("capacity").textContent()).toBe("40/60");
      await page.waitForTimeout(600);
      await screenshot(page, "presenter-crowd-1-lobby");
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Lancer la partie" }).click();
      await waitStep(page, "question", 15_000);
      // Spread the answers over time and distance.
      for (const [i, p] of phones.entries()) {
        const d = [NEAR, MID, FAR][i % 3]!;
        await p.answer(0, at(0, { lat: d.lat * (1 + (i % 5) * 0.1), lng: d.lng + (i % 7) * 0.00002 }));
        if (i === 25) {
          await page.waitForTimeout(1500);
          await screenshot(page, "presenter-crowd-2-question");
        }
      }
      await waitStep(page, "resultsQuestion", 15_000);
      await page.locator(".results-zone").filter({ hasText: "Cercle de 20 m" }).waitFor({ timeout: 20_000 });
      await page.waitForTimeout(500);
      await screenshot(page, "presenter-crowd-3-map");
      await waitStep(page, "resultsQuestion_classement", 15_000);
      await page.getByRole("button", { name: "Pause" }).click();
      expect(await page.locator(".ranking-table tbody tr").count()).toBe(16);
      await page.getByText("24 autres joueurs").waitFor();
      await screenshot(page, "presenter-crowd-4-ranking");
      await page.getByRole("button", { name: "Page suivante" }).click();
      await waitStep(page, "endGame", 10_000);
      await page.waitForTimeout(1500);
      expect(await page.locator(".end-rest .ranking-table tbody tr").first().locator(".rank").textContent()).toBe("4");
      await screenshot(page, "presenter-crowd-5-end");
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Nouvelle partie" }).click();
      await page.waitForURL(`${baseURL}/pres`);
    } finally {
      for (const p of phones) p.close();
      await browser.close();
    }
  }, 180_000);
});

describe("The presenter pages refuse what they must", () => {
  it("sends strangers to the login, refuses other sites, and says why a launch fails", async () => {
    const anonymous = await fetch(`${baseURL}/pres/${ADMIN_QUIZ}?time=15`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/\/pres$/);

    const forged = await fetch(`${baseURL}/pres/${ADMIN_QUIZ}?time=15`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: `auth_admin=${adminJwt}`,
        Origin: "http://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "intent=launch",
    });
    // Remix itself refuses a cross-site form post before our action (which would answer 403).
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.headers.get("Location")).toBeNull();

    const browser = await openBrowser(PRESENTER);
    try {
      await browser.addCookies([{ name: "auth_mj", value: mjJwt, url: baseURL }]);
      const page = await browser.newPage();
      // Another owner's quiz, then settings outside the spec's options.
      await page.goto(`${baseURL}/mj/${ADMIN_QUIZ}?time=15`);
      await page.getByRole("alert").filter({ hasText: "Quiz introuvable" }).waitFor();
      await page.getByRole("heading", { name: "La partie n'a pas pu être lancée" }).waitFor();
      await page.goto(`${baseURL}/mj/${MJ_QUIZ}?time=17`);
      await page.getByRole("alert").filter({ hasText: "Temps de réponse invalide" }).waitFor();
      expect(await page.getByRole("link", { name: "Retour au tableau de bord" }).getAttribute("href")).toBe("/mj");
      await screenshot(page, "presenter-launch-refused");
    } finally {
      await browser.close();
    }

    // The default sounds are served.
    const lobby = await fetch(`${baseURL}/api/sound/1`);
    expect(lobby.status).toBe(200);
    expect(lobby.headers.get("Content-Type")).toMatch(/audio\/mpeg/);
    expect((await lobby.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    expect((await fetch(`${baseURL}/api/sound/99`)).status).toBe(404);
  });
});
