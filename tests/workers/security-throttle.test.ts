import { env, runInDurableObject, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { games } from "@db/schema";
import { closeRoom, db, launch, make, ORIGIN, unique } from "../support/workers";

/**
 * Login and room-number throttles: for logins, 10 failures in 10 minutes per mail from one
 * address and per address, 100 per mail from everywhere; 50 unknown room numbers in 10 minutes
 * per IP. Each test speaks from its own addresses (CF-Connecting-IP, which Cloudflare sets and
 * clients cannot forge in production).
 */
const TOO_MANY = { error: "Trop de tentatives, réessayez dans quelques minutes" };
const WRONG = { error: "Identifiant / Mot de passe incorrect" };

let ipCounter = 0;
const newIp = () => {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

function jsonLogin(side: "admin" | "mj", ip: string, identifiant: string, password: string) {
  return SELF.fetch(`${ORIGIN}${side === "admin" ? "/api/auth/login" : "/api/auth/mj/login"}`, {
    method: "POST",
    body: JSON.stringify({ identifiant, password }),
    headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": ip },
  });
}

/** The MJ dashboard's login form, as its page posts it (a fetcher: only the action answers). */
function formLogin(ip: string, identifiant: string, password: string) {
  const body = new URLSearchParams({ intent: "login", identifiant, password });
  return SELF.fetch(`${ORIGIN}/mj.data?index`, {
    method: "POST",
    body,
    headers: { Origin: ORIGIN, "CF-Connecting-IP": ip },
    redirect: "manual",
  });
}

const status = async (res: Promise<Response>) => (await res).status;

describe("login throttling", () => {
  it("no stranger locks an account out: 50 wrong passwords from one address, the owner logs in from another", { timeout: 60_000 }, async () => {
    const mj = await make.mj({ password: "le-bon-secret-du-mj" });
    const attacker = newIp();
    const answers: number[] = [];
    const first = await jsonLogin("mj", attacker, mj.mail, "faux");
    expect(await first.json()).toEqual(WRONG);
    answers.push(first.status);
    for (let i = 1; i < 50; i++) answers.push(await status(jsonLogin("mj", attacker, mj.mail, `faux-${i}`)));
    // Ten are checked (and wrong), the other forty refused unchecked.
    expect(answers.filter((s) => s === 403)).toHaveLength(10);
    expect(answers.filter((s) => s === 429)).toHaveLength(40);
    // The owner, from their own network, gets in.
    expect(await status(jsonLogin("mj", newIp(), mj.mail, mj.password))).toBe(200);
    // The attacker's address stays refused, even with the right password.
    const refused = await jsonLogin("mj", attacker, mj.mail, mj.password);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY);
    const retry = Number(refused.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(590);
    expect(retry).toBeLessThanOrEqual(600);
  });

  it("counts an IPv6 address by its /64, whatever its case or the mail's", async () => {
    const mj = await make.mj({ password: "le-bon-secret-du-mj" });
    for (let i = 1; i <= 10; i++) expect(await status(jsonLogin("mj", `2001:db8:77:0::${i}`, mj.mail, "x"))).toBe(403);
    expect(await status(jsonLogin("admin", "2001:DB8:77:0:ffff::9", ` ${mj.mail.toUpperCase()} `, "x"))).toBe(429);
    expect(await status(jsonLogin("mj", "2001:db8:78::1", mj.mail, mj.password))).toBe(200);
  });

  it("refuses a mail from everywhere once 100 wrong passwords came from many addresses", { timeout: 120_000 }, async () => {
    const mj = await make.mj({ password: "le-bon-secret-du-mj" });
    for (let i = 0; i < 100; i++) expect(await status(jsonLogin("mj", newIp(), mj.mail, `faux-${i}`))).toBe(403);
    expect(await status(jsonLogin("mj", newIp(), mj.mail, mj.password))).toBe(429);
    // Another account is not concerned.
    const other = await make.mj({ password: "un-autre-secret-12" });
    expect(await status(jsonLogin("mj", newIp(), other.mail, other.password))).toBe(200);
  });

  it("refuses an IP after 10 wrong passwords, whichever accounts it tried", async () => {
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect(await status(jsonLogin("mj", ip, `${unique("inconnu")}@repere.test`, "x"))).toBe(403);
    const mj = await make.mj({ password: "le-bon-secret" });
    expect(await status(jsonLogin("mj", ip, mj.mail, "le-bon-secret"))).toBe(429);
    // Another network is not concerned.
    expect(await status(jsonLogin("mj", newIp(), mj.mail, "le-bon-secret"))).toBe(200);
  });

  it("counts the login form and the JSON login together, and the form shows the message", async () => {
    const mj = await make.mj();
    const ip = newIp();
    for (let i = 0; i < 5; i++) expect(await status(jsonLogin("mj", ip, mj.mail, "x"))).toBe(403);
    for (let i = 0; i < 5; i++) expect(await status(formLogin(ip, mj.mail, "x"))).toBe(403);
    const form = await formLogin(ip, mj.mail, mj.password);
    expect(form.status).toBe(429);
    expect(await form.text()).toContain(TOO_MANY.error);
    expect(await status(jsonLogin("mj", ip, mj.mail, mj.password))).toBe(429);
  });

  it("lets exactly 10 of 30 simultaneous guesses from one address be checked", async () => {
    const mj = await make.mj();
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => status(jsonLogin("mj", ip, mj.mail, `faux-${i}`))));
    expect(answers.filter((s) => s === 403)).toHaveLength(10);
    expect(answers.filter((s) => s === 429)).toHaveLength(20);
  });

  it("never counts a right password, and frees a mail once its failures are 10 minutes old", { timeout: 120_000 }, async () => {
    const mj = await make.mj();
    const home = newIp();
    for (let i = 0; i < 9; i++) expect(await status(jsonLogin("mj", home, mj.mail, "x"))).toBe(403);
    for (let i = 0; i < 5; i++) expect(await status(jsonLogin("mj", home, mj.mail, mj.password))).toBe(200);
    expect(await status(jsonLogin("mj", home, mj.mail, "x"))).toBe(403);
    expect(await status(jsonLogin("mj", home, mj.mail, mj.password))).toBe(429);

    // Locked from everywhere by 100 failures from many networks...
    for (let i = 0; i < 90; i++) await jsonLogin("mj", newIp(), mj.mail, "x");
    expect(await status(jsonLogin("mj", newIp(), mj.mail, mj.password))).toBe(429);
    // ...ten minutes later (the counter's failures aged by hand): open again.
    const counter = env.Throttle.get(env.Throttle.idFromName(`login-mail:${mj.mail}`));
    await runInDurableObject(counter, (_instance, state) => {
      const failures = state.storage.kv.get<number[]>("failures")!;
      state.storage.kv.put(
        "failures",
        failures.map((at) => at - 10 * 60_000),
      );
    });
    expect(await status(jsonLogin("mj", newIp(), mj.mail, mj.password))).toBe(200);
  });

  it("JSON logins take JSON only, from the app's own pages only; neither refusal counts as a failure", async () => {
    const mj = await make.mj();
    const ip = newIp();
    const send = (body: string, type: string, origin = ORIGIN) =>
      SELF.fetch(`${ORIGIN}/api/auth/mj/login`, {
        method: "POST",
        body,
        headers: { "Content-Type": type, Origin: origin, "CF-Connecting-IP": ip },
      });
    const json = JSON.stringify({ identifiant: mj.mail, password: mj.password });
    for (const type of ["text/plain", "application/x-www-form-urlencoded"]) {
      const res = await send(json, type);
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ error: "Requête invalide : le contenu doit être envoyé en JSON" });
      expect(res.headers.get("Set-Cookie")).toBeNull();
    }
    for (const origin of ["https://evil.example", "null"]) {
      const res = await send(json, "application/json", origin);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Authentification incorrecte" });
    }
    for (let i = 0; i < 12; i++) await send(JSON.stringify({ identifiant: mj.mail, password: "x" }), "text/plain");
    expect(await status(jsonLogin("mj", ip, mj.mail, mj.password))).toBe(200);
  });
});

describe("room numbers cannot be enumerated", () => {
  const check = (ip: string, room: string) => SELF.fetch(`${ORIGIN}/api/game/check/${room}`, { headers: { "CF-Connecting-IP": ip } });
  /** Six-digit numbers that no live game holds (the factory's rooms use other ranges). */
  const unknownNumbers = (count: number) => {
    const base = 100_000 + Math.floor(Math.random() * 400_000);
    return Array.from({ length: count }, (_, i) => String(base + i));
  };

  it("answers 50 unknown numbers, then refuses every number from that IP, live ones too", { timeout: 60_000 }, async () => {
    const live = await launch();
    const ip = newIp();
    for (const room of unknownNumbers(50)) expect(await status(check(ip, room))).toBe(404);
    const refused = await check(ip, unknownNumbers(1)[0]!);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY);
    // Once over, a live room reads the same as any other number: nothing to learn.
    expect(await status(check(ip, live.room))).toBe(429);
    // The player pages too.
    const page = await SELF.fetch(`${ORIGIN}/play/${live.room}`, { headers: { "CF-Connecting-IP": ip } });
    expect(await page.text()).toContain(TOO_MANY.error);
    // Another network still joins.
    expect(await (await check(newIp(), live.room)).json()).toEqual({ random: true });
  });

  it("never counts live numbers: a whole bar behind one IP joins", { timeout: 60_000 }, async () => {
    const live = await launch();
    const ip = newIp();
    for (let i = 0; i < 200; i++) expect(await status(check(ip, live.room))).toBe(200);
  });

  it("counts the player pages and the home form like the check", { timeout: 60_000 }, async () => {
    const ip = newIp();
    const numbers = unknownNumbers(50);
    for (const room of numbers.slice(0, 20)) {
      const page = await SELF.fetch(`${ORIGIN}/play/${room}`, { headers: { "CF-Connecting-IP": ip } });
      expect(await page.text()).toContain("Cette salle n'existe pas ou n'est pas accessible");
    }
    for (const room of numbers.slice(20, 35)) await SELF.fetch(`${ORIGIN}/join/${room}`, { headers: { "CF-Connecting-IP": ip } });
    for (const room of numbers.slice(35)) {
      const res = await SELF.fetch(`${ORIGIN}/?index`, {
        method: "POST",
        body: new URLSearchParams({ room }),
        headers: { Origin: ORIGIN, "CF-Connecting-IP": ip },
        redirect: "manual",
      });
      expect(res.status).toBe(404);
    }
    expect(await status(check(ip, unknownNumbers(1)[0]!))).toBe(429);
  });

  it("does not count the number of a game that just closed: phones come back to it after the podium", { timeout: 60_000 }, async () => {
    const ended = await launch();
    await closeRoom(ended);
    const [row] = await db().select().from(games).where(eq(games.roomNumber, ended.room));
    expect(row?.status).toBe("closed");
    const ip = newIp();
    for (let i = 0; i < 80; i++) expect(await status(check(ip, ended.room))).toBe(404);
    const live = await launch();
    expect(await status(check(ip, live.room))).toBe(200);
  });
});
