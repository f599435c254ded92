// Gives an empty local database the demo quiz. Local only: it talks to the Miniflare state
// through wrangler, never to a deployed database. Every step is an async child in its own
// process group (see server.mjs), so `npm start` can be stopped at any moment of it.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DEMO_QUIZ } from "../../db/seed/demo-quiz.mjs";
import { freePort, ROOT, runInGroup, startServer, wranglerEnv } from "./server.mjs";

const WRANGLER = path.join(ROOT, "node_modules", ".bin", "wrangler");
const BUCKET = "repere-media";
const PICTURES = path.join("db", "seed", "pictures");

function wrangler(args, { persistTo, registryPath }) {
  return runInGroup(WRANGLER, [...args, "--local", "--persist-to", persistTo], {
    env: { ...wranglerEnv(registryPath), CI: "true" },
    capture: true,
  });
}

async function query(sql, state) {
  const out = await wrangler(["d1", "execute", "DB", "--json", "--command", sql], state);
  return JSON.parse(out)[0]?.results ?? [];
}

const sqlText = (value) => (value === null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

/**
 * The administrator owns the demo quiz. The Worker creates it on its first request, with the
 * app's own password hashing: one request to a server on a private loopback port does it,
 * before the public port opens.
 */
async function createAdmin(state) {
  const server = await startServer({ ...state, port: await freePort(), quiet: true });
  await server.stop();
}

/**
 * Adds the demo quiz when the database holds no quiz. `onStart` runs only then, before the
 * work. Resolves to whether it added the quiz. The rows go in one wrangler batch, which D1
 * runs as a transaction: an interrupted seeding leaves no quiz, and the next start redoes it.
 */
export async function seedDemoQuiz(state, onStart = () => {}) {
  const [counts] = await query(
    "SELECT (SELECT COUNT(*) FROM quizzes) AS quizzes, (SELECT COUNT(*) FROM accounts WHERE role = 'admin') AS admins",
    state,
  );
  if (counts.quizzes > 0) return false;
  onStart();
  if (counts.admins === 0) await createAdmin(state);

  const rows = [];
  for (const [position, q] of DEMO_QUIZ.questions.entries()) {
    const file = path.join(PICTURES, q.file);
    const bytes = await readFile(path.join(ROOT, file));
    // Content-addressed, as uploads are: putting the same picture twice is harmless.
    const key = `photos/${createHash("sha256").update(bytes).digest("hex")}.jpg`;
    await wrangler(["r2", "object", "put", `${BUCKET}/${key}`, "--file", file, "--content-type", "image/jpeg"], state);
    rows.push(
      `(${sqlText(DEMO_QUIZ.uniqueName)}, ${position}, ${sqlText(q.name)}, 'photo', ${sqlText(key)}, ${q.lat}, ${q.lng})`,
    );
  }
  const sql = [
    `INSERT INTO quizzes (unique_name, owner_id, folder_id, name, description, map_settings, point_max_temps)
     SELECT ${sqlText(DEMO_QUIZ.uniqueName)}, id, NULL, ${sqlText(DEMO_QUIZ.name)}, ${sqlText(DEMO_QUIZ.description)},
            ${sqlText(JSON.stringify(DEMO_QUIZ.mapSettings))}, 5
     FROM accounts WHERE role = 'admin' ORDER BY id LIMIT 1;`,
    `INSERT INTO questions (quiz_unique_name, position, name, kind, file_key, lat, lng) VALUES ${rows.join(", ")};`,
  ].join("\n");
  await query(sql, state);
  return true;
}
