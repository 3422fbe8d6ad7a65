import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";

/**
 * Start passwords of imported persons are kept until the importer fetched the result, and only encrypted, as upstream
 * does it (PERSONS §2.8): AES-256-CTR with a key derived from a configured secret and salt, stored as
 * `hex(ciphertext)|hex(iv)`. The key is derived once per secret.
 */
const SALT = "schulportal-reference-import";
const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = scryptSync(secret, SALT, 32);
    keys.set(secret, key);
  }
  return key;
}

export function encryptStartPassword(secret: string, password: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-ctr", keyFor(secret), iv);
  const encrypted = Buffer.concat([cipher.update(password, "utf8"), cipher.final()]);
  return `${encrypted.toString("hex")}|${iv.toString("hex")}`;
}

export function decryptStartPassword(secret: string, stored: string): string {
  const [data, iv] = stored.split("|");
  if (!data || !iv) return "";
  const decipher = createDecipheriv("aes-256-ctr", keyFor(secret), Buffer.from(iv, "hex"));
  return Buffer.concat([decipher.update(Buffer.from(data, "hex")), decipher.final()]).toString("utf8");
}
