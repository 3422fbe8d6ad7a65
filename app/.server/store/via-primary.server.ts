import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { z } from "zod";

/**
 * The embedded store is one PGlite database on disk, which one process must own: under `npm start` the start script
 * owns it and answers its workers' queries over the cluster's IPC channel (docs/decisions/035). This is both ends of
 * that channel; drizzle's proxy driver sends the queries it builds, so the queries are the same as everywhere else.
 */
export interface StoreQuery {
  sql: string;
  params: unknown[];
  method: "all" | "execute";
}

const QUERY = "portal-store-query";
const ANSWER = "portal-store-answer";
const QUERY_TIMEOUT_MS = 10_000;

const Answer = z.object({
  type: z.literal(ANSWER),
  id: z.string(),
  rows: z.array(z.unknown()).optional(),
  error: z.string().optional(),
});

const waiting = new Map<string, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
let listening = false;

/** A worker's side: sends the query to the start script and waits for its rows. */
export function askPrimary(query: StoreQuery): Promise<{ rows: unknown[] }> {
  const send = process.send?.bind(process);
  if (!send) return Promise.reject(new Error("portal store: no start script to ask (PORTAL_STORE_VIA_PRIMARY without IPC)"));
  if (!listening) {
    listening = true;
    process.on("message", (message: unknown) => {
      const answer = Answer.safeParse(message);
      if (!answer.success) return;
      const entry = waiting.get(answer.data.id);
      waiting.delete(answer.data.id);
      if (answer.data.error !== undefined) entry?.reject(new Error(`portal store: ${answer.data.error}`));
      else entry?.resolve(answer.data.rows ?? []);
    });
  }
  const id = randomUUID();
  return new Promise<{ rows: unknown[] }>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error("portal store: no answer from the start script"));
    }, QUERY_TIMEOUT_MS);
    waiting.set(id, {
      resolve: (rows) => {
        clearTimeout(timer);
        resolve({ rows });
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    send({ type: QUERY, id, ...query });
  });
}

const Query = z.object({
  type: z.literal(QUERY),
  id: z.string(),
  sql: z.string(),
  params: z.array(z.unknown()),
  method: z.enum(["all", "execute"]),
});

/** The start script's side: answers one worker message if it is a store query (else `null`). */
export async function answerQuery(store: PGlite, message: unknown): Promise<object | null> {
  const query = Query.safeParse(message);
  if (!query.success) return null;
  const { id, sql, params, method } = query.data;
  try {
    const result = await store.query(sql, params, { rowMode: method === "all" ? "array" : "object" });
    return { type: ANSWER, id, rows: result.rows };
  } catch (error) {
    return { type: ANSWER, id, error: error instanceof Error ? error.message : String(error) };
  }
}
