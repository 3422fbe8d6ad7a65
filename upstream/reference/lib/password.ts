import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt with r=8, p=1. N=2^14 keeps a login under ~50 ms on the 2-core target while resisting brute force; it is the
 * cost of every password a person chose or may keep. Random start passwords with enough entropy (decision 027) are
 * hashed cheaper: their strength lies in the entropy, and they must be replaced at the first login.
 */
const KEY_LENGTH = 32;
export const STANDARD_COST = 16384;
/** For random start passwords of at least ~58 bits only (see `random-start-password.ts`): ~0.5 ms instead of ~35 ms. */
export const START_PASSWORD_COST = 256;

/** The costs a stored hash may name: a garbled or planted hash must neither make verifying trivial nor exhaust memory. */
const acceptedCost = (cost: number) =>
  Number.isInteger(cost) && cost >= START_PASSWORD_COST && cost <= STANDARD_COST && (cost & (cost - 1)) === 0;

function derive(password: string, salt: Buffer, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, { N: cost, r: 8, p: 1 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Format: `scrypt$<N>$<salt base64>$<hash base64>`. */
export async function hashPassword(password: string, cost: number = STANDARD_COST): Promise<string> {
  if (!acceptedCost(cost)) throw new RangeError("unsupported scrypt cost");
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return `scrypt$${cost}$${salt.toString("base64")}$${key.toString("base64")}`;
}

/** The N a stored hash was made with, or undefined when it is not one of ours. */
export function hashCost(stored: string): number | undefined {
  const [scheme, costText] = stored.split("$");
  const cost = Number(costText);
  return scheme === "scrypt" && /^[0-9]+$/.test(costText ?? "") && acceptedCost(cost) ? cost : undefined;
}

/** Checks with the N stored in the hash, so hashes of every accepted cost (old ones: 2^14) keep verifying. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [, , saltText, hashText] = stored.split("$");
  const cost = hashCost(stored);
  if (cost === undefined || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, "base64");
  const actual = await derive(password, Buffer.from(saltText, "base64"), cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
