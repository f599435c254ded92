/**
 * The app under test, as the kit sees it: HTTP into the Worker, its database and bucket, a
 * session for an account, and where room sockets connect. Two implementations: workers.ts
 * (inside workerd, through SELF and env) and served.ts (the build as `npm start` serves it).
 */
import { eq } from "drizzle-orm";
import { accounts } from "@db/schema";
import { factory, type Factory, type KitStore, type TestAccount } from "./factory";
import type { SocketTarget } from "./room-sockets";

export interface AppTarget extends KitStore {
  /** http://host[:port] of the app; every request the kit makes comes from this origin. */
  readonly origin: string;
  /** A request to the app (path from the origin). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** A Cookie header value that logs this account in. */
  cookieFor(account: TestAccount): Promise<string>;
  /** The administrator the app creates from its environment. */
  admin(): Promise<TestAccount>;
  /** Where and how room sockets connect. */
  readonly sockets: SocketTarget;
}

export interface Kit {
  app: AppTarget;
  /** Test data through the app's own schema. */
  make: Factory;
}

export const kitOf = (app: AppTarget): Kit => ({ app, make: factory(app) });

/** The administrator row, which the app creates on its first request. */
export async function findAdmin(app: Pick<AppTarget, "db" | "fetch">, mail: string | null, password: string): Promise<TestAccount> {
  await app.fetch("/");
  const where = mail ? eq(accounts.mail, mail.toLowerCase()) : eq(accounts.role, "admin");
  const [row] = await app.db.select().from(accounts).where(where).limit(1);
  if (!row) throw new Error("pas d'administrateur dans la base");
  return { ...row, password };
}

/** JSON POST from the app's own origin, as its pages send it. */
export function postJson(app: Pick<AppTarget, "fetch" | "origin">, path: string, body: unknown, cookie?: string) {
  return app.fetch(path, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: app.origin,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** Logs in through the app's JSON login (admin or MJ) and returns the session cookie. */
export async function loginCookie(app: Pick<AppTarget, "fetch" | "origin">, account: TestAccount): Promise<string> {
  const admin = account.role === "admin";
  const res = await postJson(app, admin ? "/api/auth/login" : "/api/auth/mj/login", {
    identifiant: account.mail,
    password: account.password,
  });
  if (res.status !== 200) throw new Error(`connexion refusée pour ${account.mail} : ${res.status} ${await res.text()}`);
  const { jwt } = (await res.json()) as { jwt: string };
  return `${admin ? "auth_admin" : "auth_mj"}=${jwt}`;
}
