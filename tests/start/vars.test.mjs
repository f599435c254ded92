// What `npm start` hands the Worker: every variable of README's configuration table set in the
// shell reaches its bindings, before .dev.vars and the local defaults, over wrangler.toml's
// [vars]. Run alone: `node --test tests/start/vars.test.mjs`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { localVars, LOCAL_DEFAULTS, ROOT, WORKER_VARS } from "../../scripts/lib/server.mjs";
import { workerOptions } from "../../scripts/lib/worker.mjs";

/** The Worker's bindings when served with `vars` (no bundle is read to build them). */
const bindingsWith = (vars) =>
  workerOptions({ root: ROOT, bundle: { dir: ROOT, script: path.join(ROOT, "server.js") }, persistTo: "/nulle-part", vars }).bindings;

test("ROOM_PHONES_PER_ADDRESS=2500 in the shell reaches the Worker's bindings", () => {
  assert.equal(bindingsWith(localVars({ ROOM_PHONES_PER_ADDRESS: "2500" }, {})).ROOM_PHONES_PER_ADDRESS, "2500");
});

test("the shell wins over .dev.vars, which wins over the local defaults; nothing unset or empty is passed", () => {
  const vars = localVars(
    { JWT_SECRET: "du-shell", GOOGLE_MAPS_MAP_ID: "" },
    { JWT_SECRET: "du-fichier", GOOGLE_MAPS_API_KEY: "cle-du-fichier", GOOGLE_MAPS_MAP_ID: "id-du-fichier" },
  );
  assert.deepEqual(vars, {
    ADMIN_MAIL: LOCAL_DEFAULTS.ADMIN_MAIL,
    ADMIN_PASSWORD: LOCAL_DEFAULTS.ADMIN_PASSWORD,
    JWT_SECRET: "du-shell",
    GOOGLE_MAPS_API_KEY: "cle-du-fichier",
  });
});

test("every variable of README's configuration table but PORT is passed on", () => {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1));
  const names = [...table.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]).filter((name) => name !== "PORT");
  assert.ok(names.length >= 6, names.join(", "));
  assert.deepEqual([...names].sort(), [...WORKER_VARS].sort());
  const bindings = bindingsWith(localVars(Object.fromEntries(names.map((name) => [name, `valeur-${name}`])), {}));
  for (const name of names) assert.equal(bindings[name], `valeur-${name}`, name);
});
