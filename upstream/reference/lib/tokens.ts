import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { ReferenceDb } from "../db/client.ts";
import { hardwareToken, twoFactorToken } from "../db/schema.ts";
import { newId } from "./ids.ts";

export type TokenRow = typeof twoFactorToken.$inferSelect;

/** The issuer an authenticator app shows next to the code. */
const ISSUER = "Schulportal SH";

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

/** The software token whose enrolment was started (`init`) and not yet confirmed, if any. */
export async function pendingToken(db: ReferenceDb, personId: string): Promise<TokenRow | undefined> {
  const [row] = await db
    .select()
    .from(twoFactorToken)
    .where(and(eq(twoFactorToken.personId, personId), eq(twoFactorToken.rolloutState, "verify")))
    .orderBy(asc(twoFactorToken.createdAt), asc(twoFactorToken.id))
    .limit(1);
  return row;
}

/**
 * The token the login asks a code of: the active one, else a software token set up by an administrator and not yet
 * confirmed (the admin's set-up has no verification step, inventory §4.8.6: its first code at the login confirms it).
 */
export async function loginToken(db: ReferenceDb, personId: string): Promise<TokenRow | undefined> {
  return (await activeToken(db, personId)) ?? (await pendingToken(db, personId));
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

/** A pending token becomes the person's token once a code of it has been entered (verify, or the first login). */
export async function confirmEnrolment(db: ReferenceDb, token: TokenRow): Promise<void> {
  await db.update(twoFactorToken).set({ rolloutState: "enrolled" }).where(eq(twoFactorToken.id, token.id));
}

export type SoftwareTokenVerification = "verified" | "OTP_NICHT_GUELTIG" | "SOFTWARE_TOKEN_VERIFICATION_ERROR";

/**
 * `verify` (PERSONS §2.9.2): the person's pending software token becomes active with a current code of it. Without a
 * pending token there is nothing to confirm; a wrong code leaves the token pending for another try.
 */
export async function verifySoftwareToken(db: ReferenceDb, personId: string, otp: string): Promise<SoftwareTokenVerification> {
  const token = await pendingToken(db, personId);
  if (!token || token.kind !== "software") return "SOFTWARE_TOKEN_VERIFICATION_ERROR";
  if (!(await verifyOtp(token.secret, otp))) return "OTP_NICHT_GUELTIG";
  await confirmEnrolment(db, token);
  return "verified";
}

/**
 * `init` (PERSONS §2.9.1): any pending token of the person is dropped and a new TOTP software token (6 digits, SHA-1,
 * 20-byte key, 30 s) is created pending verification. An active token is left alone. The answer is what the token
 * service hands out and the upstream passes on: the QR code of the otpauth URI as a PNG data URI.
 */
export async function initSoftwareToken(db: ReferenceDb, person: { id: string; username: string }): Promise<string> {
  const secret = generateSecret();
  const serial = `TOTP${randomBytes(4).toString("hex").toUpperCase()}`;
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorToken).where(and(eq(twoFactorToken.personId, person.id), eq(twoFactorToken.rolloutState, "verify")));
    await tx.insert(twoFactorToken).values({ id: newId(), personId: person.id, kind: "software", serial, secret, rolloutState: "verify" });
  });
  const uri = generateURI({ secret, label: person.username, issuer: ISSUER });
  return QRCode.toDataURL(uri, { errorCorrectionLevel: "M" });
}

/**
 * `reset` (PERSONS §2.9.4): the active token goes – a software token is deleted, a hardware token is taken from the
 * person and its serial is free in the pool again. False when the person has no active token.
 */
export async function resetActiveToken(db: ReferenceDb, personId: string): Promise<boolean> {
  const token = await activeToken(db, personId);
  if (!token) return false;
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorToken).where(eq(twoFactorToken.id, token.id));
    if (token.kind === "hardware") {
      await tx
        .update(hardwareToken)
        .set({ assignedPersonId: null, assignedAt: null })
        .where(and(eq(hardwareToken.serial, token.serial), eq(hardwareToken.assignedPersonId, personId)));
    }
  });
  return true;
}

export type HardwareAssignment = "assigned" | "SERIENNUMMER_NICHT_GEFUNDEN" | "SERIENNUMMER_IN_VERWENDUNG" | "OTP_NICHT_GUELTIG";

/**
 * `assign/hardwareToken` (PERSONS §2.9.5), in the upstream's order: the person's pending software token is dropped;
 * unknown serial; serial handed out to anybody (the person included); code not of that device; then the device is
 * the person's. An active software token stays (the portal resets it first).
 */
export async function assignHardwareToken(db: ReferenceDb, personId: string, serial: string, otp: string): Promise<HardwareAssignment> {
  await db.delete(twoFactorToken).where(and(eq(twoFactorToken.personId, personId), eq(twoFactorToken.rolloutState, "verify")));
  const [device] = await db.select().from(hardwareToken).where(eq(hardwareToken.serial, serial)).limit(1);
  if (!device) return "SERIENNUMMER_NICHT_GEFUNDEN";
  if (device.assignedPersonId) return "SERIENNUMMER_IN_VERWENDUNG";
  if (!(await verifyOtp(device.secret, otp))) return "OTP_NICHT_GUELTIG";
  return db.transaction(async (tx) => {
    // Two assignments of the same device at once: only the first one finds it free.
    const taken = await tx
      .update(hardwareToken)
      .set({ assignedPersonId: personId, assignedAt: new Date() })
      .where(and(eq(hardwareToken.serial, serial), isNull(hardwareToken.assignedPersonId)))
      .returning({ serial: hardwareToken.serial });
    if (taken.length === 0) return "SERIENNUMMER_IN_VERWENDUNG";
    await tx
      .insert(twoFactorToken)
      .values({ id: newId(), personId, kind: "hardware", serial, secret: device.secret, rolloutState: "enrolled" });
    return "assigned";
  });
}
