// `npm start`: builds, applies migrations and serves the production build on
// http://localhost:5173 (PORT overrides), exactly as tests and users run it (DESIGN §1).
import path from "node:path";
import { applyMigrations, build, localVars, ROOT, startServer } from "./lib/server.mjs";

const port = Number(process.env.PORT ?? 5173);
const persistTo = path.join(ROOT, ".wrangler", "state");
const registryPath = path.join(ROOT, ".wrangler", "registry");

build();
applyMigrations({ persistTo, registryPath });
const vars = localVars();
const server = await startServer({ port, persistTo, registryPath, vars });

console.log(`
  Repère tourne sur http://localhost:${port}
  Administration : http://localhost:${port}/pres
    Mail         : ${vars.ADMIN_MAIL}
    Mot de passe : ${vars.ADMIN_PASSWORD}
  Ctrl-C pour arrêter.
`);

const shutdown = async () => {
  await server.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
