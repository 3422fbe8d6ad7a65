import { and, asc, eq, ne } from "drizzle-orm";
import { verify } from "otplib";
import type { ReferenceDb } from "../db/client.ts";
import { twoFactorToken } from "../db/schema.ts";

export type TokenRow = typeof twoFactorToken.$inferSelect;

/** The "active" token of a person = the first token whose rollout is not pending verification (PERSONS §2.9). */
export async function activeToken(db: ReferenceDb, personId: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(twoFactorToken)
    .where(and(eq(twoFactorToken.personId, personId), ne(twoFactorToken.rolloutState, "verify")))
    .orderBy(asc(twoFactorToken.createdAt), asc(twoFactorToken.id))
    .limit(1);
  return row;
}

/** TOTP check; one step of clock drift in either direction is tolerated, like common OTP servers do. */
export async function verifyOtp(secret: string, token: string): Promise<boolean> {
  if (!/^\d{6}$/.test(token)) return false;
  try {
    const result = await verify({ secret, token, epochTolerance: 30 });
    return result.valid;
  } catch {
    return false;
  }
}
