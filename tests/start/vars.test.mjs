// What `npm start` hands wrangler dev: every variable of README's configuration table set in the
// shell reaches the Worker (`--var NAME:value`), before .dev.vars and the local defaults.
// Run alone: `node --test tests/start/vars.test.mjs`.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { localVars, LOCAL_DEFAULTS, ROOT, varArgs, WORKER_VARS } from "../../scripts/lib/server.mjs";

test("ROOM_PHONES_PER_ADDRESS=2500 in the shell reaches the Worker", () => {
  const args = varArgs(localVars({ ROOM_PHONES_PER_ADDRESS: "2500" }, {}));
  const at = args.indexOf("ROOM_PHONES_PER_ADDRESS:2500");
  assert.ok(at > 0, args.join(" "));
  assert.equal(args[at - 1], "--var");
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
  assert.deepEqual(varArgs({ ADMIN_MAIL: "a@b.fr", JWT_SECRET: "x:y" }), ["--var", "ADMIN_MAIL:a@b.fr", "--var", "JWT_SECRET:x:y"]);
});

test("every variable of README's configuration table but PORT is passed on", () => {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1));
  const names = [...table.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]).filter((name) => name !== "PORT");
  assert.ok(names.length >= 6, names.join(", "));
  assert.deepEqual([...names].sort(), [...WORKER_VARS].sort());
  const shell = Object.fromEntries(names.map((name) => [name, `valeur-${name}`]));
  const args = varArgs(localVars(shell, {}));
  for (const name of names) assert.equal(args[args.indexOf(`${name}:valeur-${name}`) - 1], "--var", name);
});
