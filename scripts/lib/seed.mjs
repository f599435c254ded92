// Gives an empty local database the demo quiz (DESIGN §1). Local only: it talks to the
// Miniflare state through wrangler, never to a deployed database.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DEMO_QUIZ } from "../../db/seed/demo-quiz.mjs";
import { ROOT, wranglerEnv } from "./server.mjs";

const WRANGLER = path.join(ROOT, "node_modules", ".bin", "wrangler");
const BUCKET = "repere-media";

function wrangler(args, { persistTo, registryPath }) {
  const res = spawnSync(WRANGLER, [...args, "--local", "--persist-to", persistTo], {
    cwd: ROOT,
    env: { ...wranglerEnv(registryPath), CI: "true" },
    encoding: "utf8",
  });
  if (res.status !== 0) throw new Error(`wrangler ${args[0]} ${args[1]} : ${res.stderr || res.stdout}`);
  return res.stdout;
}

const sqlText = (value) => (value === null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

export function seedDemoQuiz(state) {
  const out = wrangler(["d1", "execute", "DB", "--json", "--command", "SELECT COUNT(*) AS n FROM quizzes"], state);
  const count = JSON.parse(out)[0]?.results?.[0]?.n ?? 0;
  if (count > 0) return false;

  const rows = [];
  DEMO_QUIZ.questions.forEach((q, position) => {
    const bytes = readFileSync(path.join(ROOT, "db", "seed", "pictures", q.file));
    const key = `photos/${createHash("sha256").update(bytes).digest("hex")}.jpg`;
    wrangler(
      ["r2", "object", "put", `${BUCKET}/${key}`, "--file", path.join("db", "seed", "pictures", q.file), "--content-type", "image/jpeg"],
      state,
    );
    rows.push(
      `(${sqlText(DEMO_QUIZ.uniqueName)}, ${position}, ${sqlText(q.name)}, 'photo', ${sqlText(key)}, ${q.lat}, ${q.lng})`,
    );
  });
  const sql = [
    `INSERT INTO quizzes (unique_name, owner_id, folder_id, name, description, map_settings, point_max_temps)
     SELECT ${sqlText(DEMO_QUIZ.uniqueName)}, id, NULL, ${sqlText(DEMO_QUIZ.name)}, ${sqlText(DEMO_QUIZ.description)},
            ${sqlText(JSON.stringify(DEMO_QUIZ.mapSettings))}, 5
     FROM accounts WHERE role = 'admin' ORDER BY id LIMIT 1;`,
    `INSERT INTO questions (quiz_unique_name, position, name, kind, file_key, lat, lng) VALUES ${rows.join(", ")};`,
  ].join("\n");
  wrangler(["d1", "execute", "DB", "--command", sql], state);
  return true;
}
