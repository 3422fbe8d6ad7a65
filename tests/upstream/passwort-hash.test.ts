import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type AccountRow, passwordMatches } from "../../upstream/reference/lib/accounts.ts";
import { STANDARD_COST, START_PASSWORD_COST, hashCost, hashPassword, verifyPassword } from "../../upstream/reference/lib/password.ts";
import { RANDOM_START_PASSWORD_ALPHABET, generateRandomStartPassword } from "../../upstream/reference/lib/random-start-password.ts";

/** A hash exactly as the reference stored it before decision 027 (always N=2^14), made without the module. */
const oldHash = (password: string) => {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$${salt.toString("base64")}$${key.toString("base64")}`;
};

describe("Passwort-Hashes (Entscheidung 027)", () => {
  it("ein gespeicherter Hash mit dem alten N=2^14 wird weiter geprüft", async () => {
    const stored = oldHash("Altes-Passwort-1");
    expect(await verifyPassword("Altes-Passwort-1", stored)).toBe(true);
    expect(await verifyPassword("Altes-Passwort-2", stored)).toBe(false);
  });

  it("ohne Angabe gilt N=2^14; ein Startpasswort-Hash nennt sein kleineres N und wird damit geprüft", async () => {
    const normal = await hashPassword("Eigenes-Passwort-1");
    expect(normal).toMatch(/^scrypt\$16384\$/);
    expect(hashCost(normal)).toBe(STANDARD_COST);
    const start = await hashPassword("abcd-efgh-jkmn", START_PASSWORD_COST);
    expect(start).toMatch(/^scrypt\$256\$/);
    expect(await verifyPassword("abcd-efgh-jkmn", start)).toBe(true);
    expect(await verifyPassword("abcd-efgh-jkmm", start)).toBe(false);
  });

  it("ein Hash mit einem nicht vorgesehenen N gilt als falsch, statt billig oder speicherhungrig geprüft zu werden", async () => {
    const stored = oldHash("Passwort-1");
    const [, , salt, hash] = stored.split("$");
    for (const cost of ["2", "128", "1000", "32768", "1048576", "", "abc", "1e4"]) {
      expect(hashCost(`scrypt$${cost}$${salt}$${hash}`)).toBeUndefined();
      expect(await verifyPassword("Passwort-1", `scrypt$${cost}$${salt}$${hash}`)).toBe(false);
    }
    expect(await verifyPassword("Passwort-1", "bcrypt$16384$x$y")).toBe(false);
    await expect(hashPassword("x", 128)).rejects.toThrow(RangeError);
  });

  it("die Anmeldung prüft Hashes beider Kosten richtig, auch ohne Konto", async () => {
    const account = (passwordHash: string) => ({ passwordHash }) as AccountRow;
    const start = account(await hashPassword("abcd-efgh-jkmn", START_PASSWORD_COST));
    const normal = account(await hashPassword("Eigenes-Passwort-1"));
    expect(await passwordMatches(start, "abcd-efgh-jkmn")).toBe(true);
    expect(await passwordMatches(start, "abcd-efgh-jkmm")).toBe(false);
    expect(await passwordMatches(normal, "Eigenes-Passwort-1")).toBe(true);
    expect(await passwordMatches(normal, "abcd-efgh-jkmn")).toBe(false);
    expect(await passwordMatches(undefined, "kein-konto-vorhanden")).toBe(false);
  });

  it("zufällige Startpasswörter: drei Vierergruppen aus eindeutig lesbaren Zeichen, mindestens 58 Bit", () => {
    expect(RANDOM_START_PASSWORD_ALPHABET).not.toMatch(/[ilo01yzIO]/);
    expect(new Set(RANDOM_START_PASSWORD_ALPHABET).size).toBe(RANDOM_START_PASSWORD_ALPHABET.length);
    expect(12 * Math.log2(RANDOM_START_PASSWORD_ALPHABET.length)).toBeGreaterThanOrEqual(58);
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = generateRandomStartPassword();
      expect(password).toMatch(/^[a-hjkmnp-x2-9]{4}-[a-hjkmnp-x2-9]{4}-[a-hjkmnp-x2-9]{4}$/);
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });
});
