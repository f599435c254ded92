// `npm start` as a newcomer uses it: Ctrl-C (SIGINT), SIGTERM and a closed terminal (SIGHUP)
// at any moment of the first start leave no process and no open port behind, the next start
// comes up cleanly, the port opens only once the demo quiz is in, and nothing prints a stack
// trace (this machine is offline). Real npm, real builds, real wrangler; Linux (/proc).
//
// Run by `npm test` after the browser tests (each start rebuilds build/, which the e2e server
// serves), or alone: `node --test tests/start/`.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_QUIZ } from "../../db/seed/demo-quiz.mjs";
import { freePort, portIsFree, ROOT } from "../../scripts/lib/server.mjs";

const READY = "Ctrl-C pour arrêter.";
const STEP = {
  build: "Construction de l'application…",
  migrations: "Migrations de la base locale…",
  seeding: "Ajout du quiz de démonstration…",
  server: "Démarrage du serveur…",
};
// One folder for every run below, in order: each start finds what the previous one left.
const dataDir = mkdtempSync(path.join(tmpdir(), "repere-start-"));
// The runs' temporary files (the server's bundle among them) go here, where nobody else writes.
const runTmp = path.join(dataDir, "tmp");
mkdirSync(runTmp);
after(() => rmSync(dataDir, { recursive: true, force: true }));
const figures = [];

// The runs below lead groups of their own: if this file is stopped, it stops them first.
const running = new Set();
const stopRuns = () => {
  for (const pid of running) {
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
};
process.on("exit", stopRuns);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.once(signal, () => {
    stopRuns();
    process.kill(process.pid, signal);
  });
}

/**
 * Every process a run started, found by the REPERE_DATA_DIR its environment inherited: the
 * detached process groups and whatever an exited parent left to init included.
 */
async function processesOfRun() {
  const mark = `REPERE_DATA_DIR=${dataDir}\0`;
  const found = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // A zombie's environment reads empty: it holds neither a port nor a file.
      if (!(await readFile(`/proc/${entry}/environ`, "latin1")).includes(mark)) continue;
      const cmd = (await readFile(`/proc/${entry}/cmdline`, "utf8")).replaceAll("\0", " ").trim();
      found.push(`${entry} ${cmd.slice(0, 120)}`);
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/**
 * `npm start` in its own process group, as in a terminal where it is the foreground job, with
 * `vars` set in its shell.
 */
function npmStart(port, vars = {}) {
  const started = Date.now();
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...vars, PORT: String(port), REPERE_DATA_DIR: dataDir, TMPDIR: runTmp, CI: "" },
  });
  let output = "";
  const waiters = [];
  const onData = (chunk) => {
    output += chunk;
    for (const w of [...waiters]) {
      if (output.includes(w.text)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(Date.now() - started);
      }
    }
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  running.add(child.pid);
  const exited = new Promise((resolve) =>
    child.on("exit", () => {
      running.delete(child.pid);
      resolve(Date.now());
    }),
  );
  return {
    child,
    started,
    exited,
    output: () => output,
    /** Resolves with the ms since the start at which `text` appeared; fails if npm exits first. */
    waitFor(text, ms = 180_000) {
      if (output.includes(text)) return Promise.resolve(Date.now() - started);
      return Promise.race([
        new Promise((resolve) => waiters.push({ text, resolve })),
        exited.then(() => {
          throw new Error(`npm start s'est arrêté avant « ${text} » :\n${output.slice(-3000)}`);
        }),
        sleep(ms, undefined, { ref: false }).then(() => {
          throw new Error(`« ${text} » attendu en vain :\n${output.slice(-3000)}`);
        }),
      ]);
    },
  };
}

/** The run's processes still there after they had 15 s to go (none, once they are gone). */
async function processesLeft() {
  const deadline = Date.now() + 15_000;
  let left = await processesOfRun();
  while (left.length > 0 && Date.now() < deadline) {
    await sleep(50);
    left = await processesOfRun();
  }
  return left;
}

/**
 * Runs a test's checks on a started run. If one fails, the failure carries what npm start
 * printed, and every process of the run is stopped: the next tests share its folder and would
 * find them, failing for this one.
 */
async function checking(run, body) {
  try {
    return await body();
  } catch (error) {
    try {
      process.kill(-run.child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
    for (const line of await processesLeft()) {
      try {
        process.kill(Number(line.split(" ")[0]), "SIGKILL");
      } catch {
        // Gone meanwhile.
      }
    }
    error.message += `\n--- npm start a affiché :\n${run.output().slice(-4000)}`;
    throw error;
  }
}

/** Sends `signal` to the whole foreground group (terminal) or to npm alone (`kill PID`). */
async function interrupt(run, port, signal, { to = "group", label }) {
  const sentAt = Date.now();
  process.kill(to === "group" ? -run.child.pid : run.child.pid, signal);
  const npmExit = (await run.exited) - sentAt;
  const left = await processesLeft();
  const allGone = Date.now() - sentAt;
  assert.deepEqual(left, [], `${label} : des processus ont survécu`);
  assert.ok(await portIsFree(port), `${label} : le port ${port} est encore ouvert`);
  assertNoStackTrace(run.output(), label);
  assert.deepEqual(readdirSync(runTmp).filter((f) => f.startsWith("repere-")), [], `${label} : fichiers temporaires laissés`);
  figures.push(`${label} : npm rendu en ${npmExit} ms, plus aucun processus après ${allGone} ms`);
}

function assertNoStackTrace(output, label) {
  const trace = output.match(/(?:.*\n){0,3}^\s+at .+:\d+:\d+\)?$/m);
  assert.equal(trace, null, `${label} : trace de pile affichée :\n${trace?.[0]}`);
  assert.doesNotMatch(output, /ENOTFOUND|Unable to fetch/, `${label} : accès réseau tenté`);
}

/** The demo quiz as a visitor sees it: its public page and its first photo. */
async function demoQuizServed(port) {
  const res = await fetch(`http://127.0.0.1:${port}/watch?quiz=${DEMO_QUIZ.uniqueName}`);
  const html = await res.text();
  return res.status === 200 && html.includes(DEMO_QUIZ.name) && html.includes(DEMO_QUIZ.questions[0].name);
}

/** The first moment anything accepts a connection on the port (ms since the start). */
async function firstConnection(port, run) {
  let exited = false;
  run.exited.then(() => (exited = true));
  while (!exited) {
    const open = await new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return Date.now() - run.started;
    await sleep(20);
  }
  throw new Error(`npm start s'est arrêté sans ouvrir le port :\n${run.output().slice(-3000)}`);
}

async function interruptedAt(step, delayMs, signal, label) {
  const port = await freePort();
  const run = npmStart(port);
  await checking(run, async () => {
    await run.waitFor(step);
    await sleep(delayMs);
    // The step must still be under way: the next one has not begun.
    const next = Object.values(STEP)[Object.values(STEP).indexOf(step) + 1];
    assert.ok(!run.output().includes(next), `${label} : l'étape était déjà finie`);
  });
  await interrupt(run, port, signal, { label });
}

test("Ctrl-C pendant la construction", () => interruptedAt(STEP.build, 1500, "SIGINT", "SIGINT, construction"));

test("Ctrl-C pendant les migrations", () =>
  interruptedAt(STEP.migrations, 300, "SIGINT", "SIGINT, migrations"));

test("terminal fermé pendant l'ajout du quiz de démonstration (serveur privé)", () =>
  interruptedAt(STEP.seeding, 800, "SIGHUP", "SIGHUP, ajout du quiz (serveur privé)"));

test("Ctrl-C pendant l'ajout du quiz de démonstration (photos)", () =>
  interruptedAt(STEP.seeding, 4000, "SIGINT", "SIGINT, ajout du quiz (photos)"));

test("premier démarrage complet : le port n'ouvre qu'avec le quiz en place ; SIGTERM à npm", async () => {
  const port = await freePort();
  const run = npmStart(port);
  await checking(run, async () => {
    const opened = firstConnection(port, run);
    await run.waitFor(STEP.seeding);
    const openedAt = await opened;
    assert.ok(await demoQuizServed(port), "le quiz de démonstration manquait à l'ouverture du port");
    assert.ok(run.output().includes("Quiz de démonstration ajouté"));
    const readyAt = await run.waitFor(READY);
    figures.push(`premier démarrage : port ouvert à ${openedAt} ms, prêt à ${readyAt} ms`);
  });
  await interrupt(run, port, "SIGTERM", { to: "npm", label: "SIGTERM à npm seul, serveur prêt" });
});

test("deuxième démarrage : propre, sans nouvel ajout, une variable du shell jusqu'au Worker ; Ctrl-C", async () => {
  const port = await freePort();
  const key = "cle-maps-du-shell-0123";
  const run = npmStart(port, { GOOGLE_MAPS_API_KEY: key });
  await checking(run, async () => {
    const readyAt = await run.waitFor(READY);
    figures.push(`deuxième démarrage : prêt à ${readyAt} ms`);
    assert.ok(!run.output().includes(STEP.seeding));
    assert.ok(await demoQuizServed(port));
    // The pages hand the browser the Maps key the Worker was given.
    assert.ok((await (await fetch(`http://127.0.0.1:${port}/`)).text()).includes(key), "la clé Maps du shell n'a pas atteint le Worker");
  });
  await interrupt(run, port, "SIGINT", { label: "SIGINT, serveur prêt" });
});

test("un deuxième npm start sur le même port le dit en français ; terminal fermé", async () => {
  const port = await freePort();
  const first = npmStart(port);
  await checking(first, async () => {
    await first.waitFor(READY);
    const second = npmStart(port);
    await second.exited;
    assert.match(second.output(), new RegExp(`le port ${port} est déjà pris`));
    assert.ok(!second.output().includes(STEP.build), "le second a lancé la construction");
    assertNoStackTrace(second.output(), "port pris");
    assert.ok(await demoQuizServed(port), "le premier serveur ne répond plus");
  });
  await interrupt(first, port, "SIGHUP", { label: "SIGHUP, serveur prêt" });
});

after(() => {
  for (const line of figures) console.log(`# ${line}`);
});
