// `npm start`: builds, applies migrations and serves the production build on
// http://localhost:5173 (PORT overrides), exactly as tests and users run it (DESIGN §1).
import path from "node:path";
import { applyMigrations, build, localVars, ROOT, startServer } from "./lib/server.mjs";
import { seedDemoQuiz } from "./lib/seed.mjs";

const port = Number(process.env.PORT ?? 5173);
const persistTo = path.join(ROOT, ".wrangler", "state");
const registryPath = path.join(ROOT, ".wrangler", "registry");

build();
applyMigrations({ persistTo, registryPath });
const vars = localVars();
const server = await startServer({ port, persistTo, registryPath, vars });
// The first request created the admin; an empty database now gets the demo quiz.
try {
  if (seedDemoQuiz({ persistTo, registryPath })) console.log("  Quiz de démonstration ajouté : « Paris en silhouettes ».");
} catch (error) {
  console.warn("  Le quiz de démonstration n'a pas pu être ajouté :", error.message);
}

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
