import { randomInt } from "node:crypto";

/**
 * Start passwords of imported pupils (decision 027): random, so their strength does not rest on the hash cost.
 * Lower-case letters and digits a pupil can read off a printed list and type: no i/l/1, o/0 (confused in print),
 * no y/z (swapped between German and English keyboards). 29 characters, 12 drawn: log2(29^12) ≈ 58 bits.
 * Groups of four joined by "-" make the list easier to read aloud; the dashes are part of the password.
 */
export const RANDOM_START_PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwx23456789";
const GROUPS = 3;
const GROUP_LENGTH = 4;

export function generateRandomStartPassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = "";
    for (let i = 0; i < GROUP_LENGTH; i++) group += RANDOM_START_PASSWORD_ALPHABET[randomInt(RANDOM_START_PASSWORD_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join("-");
}
