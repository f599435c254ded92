/**
 * The Worker's secrets, and whether they are fit for production. `npm start` and the tests serve
 * the app with the local defaults (app/server/auth/local-defaults.json, also read by
 * scripts/lib/server.mjs), which anyone can read in this repository: outside the developer's own
 * machine (the same notion as the cookie's Secure flag, `isLocalHost`) the Worker refuses to
 * serve with them, or with secrets too short to resist guessing.
 */
import LOCAL_DEFAULTS from "./local-defaults.json";
import { PASSWORD_MIN } from "@common/rules";

/** A JWT_SECRET signs every session: at least 256 bits' worth of characters. */
const JWT_SECRET_MIN = 32;

export function adminCredentials(env: Env): { mail: string; password: string } | null {
  const mail = env.ADMIN_MAIL?.trim().toLowerCase();
  const password = env.ADMIN_PASSWORD;
  if (!mail || !password) return null;
  return { mail, password };
}

export function jwtSecret(env: Env): Uint8Array {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 16) {
    throw new Error("JWT_SECRET manquant ou trop court (16 caractères au moins).");
  }
  return new TextEncoder().encode(env.JWT_SECRET);
}

/**
 * Whether a password someone is about to be given is the local administrator's default, which
 * this repository publishes: whatever its case or the spaces around it, anyone would try it first.
 */
export function isPublishedPassword(password: string): boolean {
  return password.trim().toLowerCase() === LOCAL_DEFAULTS.ADMIN_PASSWORD.toLowerCase();
}

/**
 * What makes these secrets unfit for production, one English sentence each for the logs, naming
 * the variable and never its value; empty when they are fit.
 *
 * ADMIN_PASSWORD only creates the administrator when none exists: once the admin has changed
 * their password on the dashboard, the variable no longer opens anything. It is still judged
 * whenever it is set, since it would create an administrator with that password on an empty
 * database (a new deployment, a database restored empty); unset, it creates nothing.
 */
export function weakSecrets(env: Env): string[] {
  const problems: string[] = [];
  const jwt = env.JWT_SECRET ?? "";
  if (jwt === LOCAL_DEFAULTS.JWT_SECRET) problems.push("JWT_SECRET is the local development default published in the repository");
  else if (jwt.length < JWT_SECRET_MIN) problems.push(`JWT_SECRET is missing or shorter than ${JWT_SECRET_MIN} characters`);
  const admin = env.ADMIN_PASSWORD;
  if (admin) {
    if (admin === LOCAL_DEFAULTS.ADMIN_PASSWORD) problems.push("ADMIN_PASSWORD is the local development default published in the repository");
    else if (admin.length < PASSWORD_MIN) problems.push(`ADMIN_PASSWORD is shorter than ${PASSWORD_MIN} characters`);
  }
  return problems;
}

/**
 * The answer to every request while the secrets are unfit: a French page for whoever comes, 503
 * so that nothing caches it, and the reason in the Worker's logs for the administrator.
 */
export function unconfiguredResponse(problems: readonly string[]): Response {
  console.error(`Repère refuses to serve: ${problems.join("; ")}. Set production secrets with \`wrangler secret put\` (README, Configuration).`);
  const html = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Installation non configurée — Repère</title>
<style>
body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: #f6f7fb; color: #0b1d3a; }
main { max-width: 36rem; margin: 1.5rem; padding: 1.5rem 1.75rem; background: #fff; border-radius: 14px; box-shadow: 0 10px 30px rgba(11, 29, 58, 0.18); }
h1 { margin: 0 0 0.75rem; font-size: 1.5rem; }
p { margin: 0; line-height: 1.5; }
</style>
</head>
<body>
<main>
<h1>Installation non configurée</h1>
<p>Administrateur : définissez des secrets de production (JWT_SECRET d'au moins ${JWT_SECRET_MIN} caractères, ADMIN_PASSWORD d'au moins ${PASSWORD_MIN} caractères, autres que les valeurs locales), puis redéployez ; les journaux du Worker disent lequel manque.</p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": "300",
      // A static page: nothing to load, nothing to run.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}
