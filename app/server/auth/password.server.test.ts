import { describe, expect, it } from "vitest";
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("stays within the 100 000 iterations production Workers accept", () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  it("stores iterations, salt and hash, never the password", async () => {
    const stored = await hashPassword("motdepasse");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain("motdepasse");
  });

  it("accepts the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("Bon-Mot 2 passe");
    expect(await verifyPassword("Bon-Mot 2 passe", stored)).toBe(true);
    expect(await verifyPassword("bon-mot 2 passe", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts each hash", async () => {
    expect(await hashPassword("x")).not.toBe(await hashPassword("x"));
  });

  it("refuses malformed or over-budget stored hashes", async () => {
    expect(await verifyPassword("x", "plain")).toBe(false);
    expect(await verifyPassword("x", "pbkdf2-sha256$200000$AAAA$AAAA")).toBe(false);
  });
});
