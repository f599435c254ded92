import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { accounts } from "@db/schema";
import { adminCredentials } from "./config.server";
import { hashPassword } from "./password.server";

const checked = new WeakSet<D1Database>();

/**
 * Creates the administrator from ADMIN_MAIL / ADMIN_PASSWORD when no admin exists yet.
 * Checked once per isolate and database; the unique mail index makes a race harmless.
 */
export async function ensureAdmin(db: Db, env: Env): Promise<void> {
  if (checked.has(env.DB)) return;
  const existing = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.role, "admin"))
    .limit(1);
  if (existing.length === 0) {
    const creds = adminCredentials(env);
    if (!creds) {
      console.warn("Aucun administrateur : définissez ADMIN_MAIL et ADMIN_PASSWORD.");
      return;
    }
    await db
      .insert(accounts)
      .values({
        role: "admin",
        name: "Administrateur",
        mail: creds.mail,
        passwordHash: await hashPassword(creds.password),
        canEdit: true,
      })
      .onConflictDoNothing();
  }
  checked.add(env.DB);
}
