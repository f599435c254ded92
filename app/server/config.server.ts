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
