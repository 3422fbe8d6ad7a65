import { eq } from "drizzle-orm";
import { z } from "zod";
import { storeDb } from "./open.server";
import { einmal } from "./schema.server";

/**
 * One-time actions (a new password, a QR code, a bulk run, an import): the form carries a fresh token, and the action
 * runs only for the post that spends it first, in the store every portal process shares (docs/decisions/035). A
 * double click, a reload or a second instance finds it spent and says "already done".
 */
const TOKEN = z.string().uuid();

export type Once<T> = { ran: true; value: T } | { ran: false };

/** Spends the token; `false` when it is no token or was spent before (by any portal process). */
export async function spendOnce(token: unknown, art: string): Promise<boolean> {
  const parsed = TOKEN.safeParse(token);
  if (!parsed.success) return false;
  const db = await storeDb();
  const spent = await db.insert(einmal).values({ token: parsed.data, art }).onConflictDoNothing().returning({ token: einmal.token });
  return spent.length > 0;
}

/** Work that failed gives its token back, so the same form can try again. */
export async function giveBack(token: string): Promise<void> {
  const db = await storeDb();
  await db.delete(einmal).where(eq(einmal.token, token));
}

/** Runs `work` for the first post with this token only; a thrown failure gives the token back. */
export async function runOnce<T>(token: unknown, art: string, work: () => Promise<T>): Promise<Once<T>> {
  if (!(await spendOnce(token, art))) return { ran: false };
  try {
    return { ran: true, value: await work() };
  } catch (error) {
    await giveBack(String(token)).catch(() => undefined);
    throw error;
  }
}
