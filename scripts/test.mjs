// `npm test`: everything, in the order a failure is cheapest to find:
// type-check, unit tests, production build, workerd integration tests, deploy dry run,
// then socket and browser tests against the production build served by wrangler dev.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./lib/chromium.mjs";
import { build, ROOT, wranglerEnv } from "./lib/server.mjs";

const BIN = (name) => path.join(ROOT, "node_modules", ".bin", name);
const reports = mkdtempSync(path.join(tmpdir(), "repere-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

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
    if (report.numTotalTests === 0) throw new Error("aucun test exécuté");
  } catch (error) {
    if (res.status === 0) throw error;
  }
  if (res.status !== 0) throw new Error(`code ${res.status}`);
}

step("Chromium présent", ensureChromium);
step("Vérification des types", () => sh(BIN("tsc"), ["--noEmit"]));
step("Tests unitaires", () => vitest("vitest.unit.config.ts", "unit"));
step("Build de production", build);
step("Tests d'intégration (workerd)", () => vitest("vitest.workers.config.ts", "workers"));
step("wrangler deploy --dry-run", () =>
  sh(BIN("wrangler"), ["deploy", "--dry-run", "--outdir", path.join(reports, "dry-run")], {
    ...wranglerEnv(path.join(reports, "registry-deploy")),
  }),
);
step("Tests sockets et navigateur (wrangler dev + Chromium)", () => vitest("vitest.e2e.config.ts", "e2e"));

rmSync(reports, { recursive: true, force: true });
console.log(
  `\n${failures.length ? "Échecs : " + failures.join(", ") : "Toutes les étapes sont passées."}`,
);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
