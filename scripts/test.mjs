// `npm test`: everything, in the order a failure is cheapest to find:
// type-check, lint, dead code, unit tests, production build, workerd integration tests,
// deploy dry run, then socket and browser tests against the production build served as
// `npm start` serves it, and finally `npm start` itself, interrupted at every step.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./lib/chromium.mjs";
import { build, ROOT, wranglerEnv } from "./lib/server.mjs";

const BIN = (name) => path.join(ROOT, "node_modules", ".bin", name);
const reports = mkdtempSync(path.join(tmpdir(), "repere-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Tests that passed only on a retry (the e2e config allows one): each with its first failure. */
const retried = [];

function step(name, fn) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    fn();
    console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    console.log(`✘ ${name}: ${error.message}`);
    failures.push(name);
  }
}

function sh(cmd, args, env = process.env) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env });
  if (res.status !== 0) throw new Error(`code ${res.status}`);
}

function vitest(config, name) {
  const out = path.join(reports, `${name}.json`);
  const res = spawnSync(
    BIN("vitest"),
    ["run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`],
    { cwd: ROOT, stdio: "inherit", env: wranglerEnv(path.join(reports, `registry-${name}`)) },
  );
  try {
    const report = JSON.parse(readFileSync(out, "utf8"));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    // A test that passed keeps the errors of the attempts that did not.
    for (const file of report.testResults)
      for (const t of file.assertionResults)
        if (t.status === "passed" && t.failureMessages.length) retried.push({ name: t.fullName, error: t.failureMessages[0] });
    if (report.numTotalTests === 0) throw new Error("aucun test exécuté");
  } catch (error) {
    if (res.status === 0) throw error;
  }
  if (res.status !== 0) throw new Error(`code ${res.status}`);
}

/** node:test files (plain Node, no vitest): spec output here, TAP for the totals. */
function nodeTests(dir, name) {
  const tap = path.join(reports, `${name}.tap`);
  const res = spawnSync(
    process.execPath,
    ["--test", "--test-reporter=spec", "--test-reporter-destination=stdout", "--test-reporter=tap", `--test-reporter-destination=${tap}`, dir],
    { cwd: ROOT, stdio: "inherit" },
  );
  const summary = existsSync(tap) ? readFileSync(tap, "utf8") : "";
  const count = (key) => Number(summary.match(new RegExp(`^# ${key} (\\d+)$`, "m"))?.[1] ?? 0);
  totals.passed += count("pass");
  totals.failed += count("fail") + count("cancelled");
  totals.skipped += count("skipped") + count("todo");
  if (res.status !== 0) throw new Error(`code ${res.status}`);
  if (count("tests") === 0) throw new Error("aucun test exécuté");
}

step("Chromium présent", ensureChromium);
step("Vérification des types", () => sh(BIN("tsc"), ["--noEmit"]));
step("Lint (ESLint, zéro avertissement)", () => sh(BIN("eslint"), [".", "--max-warnings", "0"]));
step("Code mort (knip : fichiers, exports, dépendances)", () => sh(BIN("knip"), ["--no-progress"]));
step("Tests unitaires", () => vitest("vitest.unit.config.ts", "unit"));
step("Build de production", build);
step("Tests d'intégration (workerd)", () => vitest("vitest.workers.config.ts", "workers"));
step("wrangler deploy --dry-run", () =>
  sh(BIN("wrangler"), ["deploy", "--dry-run", "--outdir", path.join(reports, "dry-run")], {
    ...wranglerEnv(path.join(reports, "registry-deploy")),
  }),
);
step("Tests sockets et navigateur (serveur de npm start + Chromium)", () => vitest("vitest.e2e.config.ts", "e2e"));
// Last: every start it tries rebuilds build/, which the browser tests above serve.
step("npm start : arrêts à tout moment (Ctrl-C, SIGTERM, SIGHUP)", () => nodeTests("tests/start/", "start"));

rmSync(reports, { recursive: true, force: true });
console.log(
  `\n${failures.length ? "Échecs : " + failures.join(", ") : "Toutes les étapes sont passées."}`,
);
for (const { name, error } of retried) console.log(`\nRéussi à la relance seulement : ${name}\n${error.split("\n").slice(0, 12).join("\n")}`);
console.log(`Relances utilisées : ${retried.length}`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
