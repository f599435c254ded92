import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error -- plain ESM helper shared with `npm start`
import { applyMigrations, freePort, startServer } from "../../scripts/lib/server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    adminMail: string;
    adminPassword: string;
    /** wrangler's local state folder of the served Worker (the test kit writes D1 there). */
    persistTo: string;
    /** wrangler's dev registry of that server. */
    registryPath: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "repere-e2e-"));
  const persistTo = path.join(dir, "state");
  const registryPath = path.join(dir, "registry");
  const vars = {
    ADMIN_MAIL: "admin@repere.test",
    ADMIN_PASSWORD: "admin-e2e-password",
    JWT_SECRET: "e2e-secret-0123456789abcdef",
  };
  applyMigrations({ persistTo, registryPath });
  const server = await startServer({
    port: Number(process.env.E2E_PORT ?? (await freePort())),
    persistTo,
    registryPath,
    vars,
    quiet: true,
  });
  project.provide("baseURL", server.url);
  project.provide("adminMail", vars.ADMIN_MAIL);
  project.provide("adminPassword", vars.ADMIN_PASSWORD);
  project.provide("persistTo", persistTo);
  project.provide("registryPath", registryPath);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
