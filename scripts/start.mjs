// `npm start`: builds, applies the migrations, gives an empty database the demo quiz, then
// serves the production build on http://localhost:5173 (PORT overrides) with the server the
// tests run too (scripts/serve.mjs: the Worker on Miniflare's workerd, nothing in front).
// Local data lives in .wrangler/state (REPERE_DATA_DIR moves it, with the dev registry, to
// another folder: tests start fresh copies that way).
//
// Ctrl-C (SIGINT), SIGTERM and SIGHUP (terminal closed) stop everything at any moment: every
// child runs asynchronously in a process group of its own, so the handler below always gets
// to run and takes those groups down before we exit. The public port opens last, once the
// demo quiz is in.
import { readFile } from "node:fs/promises";
import path from "node:path";
import {
  applyMigrationsInGroup,
  buildInGroup,
  localVars,
  portIsFree,
  ROOT,
  startServer,
  stopAllGroups,
} from "./lib/server.mjs";
import { seedDemoQuiz } from "./lib/seed.mjs";

const port = Number(process.env.PORT ?? 5173);
const dataDir = path.resolve(process.env.REPERE_DATA_DIR ?? path.join(ROOT, ".wrangler"));
const state = {
  persistTo: path.join(dataDir, "state"),
  registryPath: path.join(dataDir, "registry"),
  vars: localVars(),
};

// Once the terminal is gone, writing to it fails (EIO): that must not crash us mid-stop.
process.stdout.on("error", () => {});
process.stderr.on("error", () => {});
const say = (line) => console.log(`  ${line}`);

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];
let stopping = false;

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  say("Arrêt de Repère…");
  await stopAllGroups();
  say("Repère est arrêté.");
  // Die of the same signal, so that npm and shells see an interruption, not a failure.
  for (const s of SIGNALS) process.removeAllListeners(s);
  process.kill(process.pid, signal);
}
for (const signal of SIGNALS) process.on(signal, () => stop(signal));

/**
 * npm forwards SIGINT and SIGTERM only, and a parent killed outright forwards nothing: a start
 * whose parent is gone (it was reparented) stops as if its terminal had closed.
 */
async function parentId() {
  const stat = await readFile("/proc/self/stat", "utf8").catch(() => null);
  return stat && Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}
const parentAtStart = await parentId();
if (parentAtStart) {
  setInterval(async () => {
    if ((await parentId()) !== parentAtStart) stop("SIGHUP");
  }, 500).unref();
}

async function main() {
  if (!(await portIsFree(port))) {
    throw new Error(
      `le port ${port} est déjà pris (un autre « npm start » tourne-t-il ?). ` +
        `Arrêtez-le, ou choisissez un autre port : PORT=${port + 1} npm start`,
    );
  }
  say("Construction de l'application…");
  await buildInGroup();
  say("Migrations de la base locale…");
  await applyMigrationsInGroup(state);
  try {
    if (await seedDemoQuiz(state, () => say("Ajout du quiz de démonstration…"))) {
      say("Quiz de démonstration ajouté : « Paris en silhouettes ».");
    }
  } catch (error) {
    // Not worth refusing to start over: the next start tries again on a database still empty.
    if (stopping) return;
    say(`Le quiz de démonstration n'a pas pu être ajouté : ${error.message}`);
  }
  say("Démarrage du serveur…");
  const server = await startServer({ ...state, port });
  if (stopping) return;
  server.child.on("exit", () => {
    if (stopping) return;
    console.error("\n  Le serveur s'est arrêté de lui-même : Repère est arrêté.");
    stopping = true;
    stopAllGroups().then(() => process.exit(1));
  });
  console.log(`
  Repère tourne sur http://localhost:${port}
  Administration : http://localhost:${port}/pres
    Mail         : ${state.vars.ADMIN_MAIL}
    Mot de passe : ${state.vars.ADMIN_PASSWORD}
  Ctrl-C pour arrêter.
`);
}

try {
  await main();
} catch (error) {
  // A signal being handled makes the step under way fail: that is the stop, not an error.
  if (!stopping) {
    stopping = true;
    console.error(`\n  npm start a échoué : ${error.message}`);
    await stopAllGroups();
    process.exit(1);
  }
}
