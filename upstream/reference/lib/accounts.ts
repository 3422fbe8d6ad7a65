import { eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import type { ReferenceDb } from "../db/client.ts";
import { identityAccount } from "../db/schema.ts";
import { MAX_USERNAME_LENGTH } from "./lockout.ts";
import { STANDARD_COST, START_PASSWORD_COST, hashCost, hashPassword, verifyPassword } from "./password.ts";

export type AccountRow = typeof identityAccount.$inferSelect;

/** Case-insensitive account lookup; input no account can have (NUL bytes, overlong) is not sent to the database. */
export async function findAccountByUsername(db: ReferenceDb, username: string): Promise<AccountRow | undefined> {
  if (!username || username.length > MAX_USERNAME_LENGTH || username.includes("\u0000")) return undefined;
  const [account] = await db
    .select()
    .from(identityAccount)
    .where(eq(sql`lower(${identityAccount.username})`, username.toLowerCase()))
    .limit(1);
  return account;
}

let dummyHash: Promise<string> | undefined;
let cheapDummyHash: Promise<string> | undefined;

/**
 * Checks the password against the account, or against a throw-away hash when there is no account, so that the
 * answer takes as long for an unknown username as for a wrong password. Every login also spends the other cost once
 * (decision 027: imported start passwords are hashed cheaper), so the answer time does not tell either whether an
 * account still has its start password.
 */
export async function passwordMatches(account: AccountRow | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword("kein-konto-vorhanden");
  cheapDummyHash ??= hashPassword("kein-konto-vorhanden", START_PASSWORD_COST);
  const stored = account?.passwordHash ?? (await dummyHash);
  const matches = await verifyPassword(password, stored);
  const cheap = (hashCost(stored) ?? STANDARD_COST) < STANDARD_COST;
  await verifyPassword(password, await (cheap ? dummyHash : cheapDummyHash));
  return account !== undefined && matches;
}

/**
 * The text fields of a submitted form. A body that is not a form (or not parsable) counts as empty; values holding
 * NUL bytes, which no username or password can contain and the database cannot store, count as not entered.
 */
export async function readFormFields(c: Context, names: readonly string[]): Promise<Record<string, string>> {
  let form: Record<string, unknown> = {};
  try {
    form = await c.req.parseBody();
  } catch {
    form = {};
  }
  const fields: Record<string, string> = {};
  for (const name of names) {
    const value = form[name];
    fields[name] = typeof value === "string" && !value.includes("\u0000") ? value : "";
  }
  return fields;
}
