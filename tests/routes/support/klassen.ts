import { expect } from "vitest";
import type { PortalVisitor } from "./portal.ts";

export { DEMO_IDS } from "../../../upstream/reference/seed/ids.ts";

/** A token no other test uses: only digits, so it is a valid part of a class name. */
export function uniqueToken(): string {
  return `${Date.now()}${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
}

/** The texts of the page's live regions (role="status"), tags removed: what a screen reader announces. */
export function statusTexts(html: string): string[] {
  return [...html.matchAll(/<(\w+)\b[^>]*\brole="status"[^>]*>([\s\S]*?)<\/\1>/g)].map((match) => match[2].replace(/<[^>]*>/g, "").trim());
}

/** Creates a class through the create page's form post; returns its id. */
export async function createKlasse(visitor: PortalVisitor, schuleId: string, name: string): Promise<string> {
  const response = await visitor.postForm("/admin/klassen/new", { schule: schuleId, name });
  expect(response.status, `Anlegen der Testklasse „${name}“`).toBe(302);
  const id = new URL(response.headers.get("Location") ?? "", "http://portal.test").searchParams.get("erstellt");
  expect(id, `Anlegen der Testklasse „${name}“ lieferte keine Id`).toBeTruthy();
  return id!;
}

/** Opens the class list filtered by a search text and checks how many classes it says match. */
export async function expectKlassenCount(visitor: PortalVisitor, suche: string, count: number) {
  const response = await visitor.get(`/admin/klassen?${new URLSearchParams({ suche })}`);
  expect(response.status).toBe(200);
  const text = count === 0 ? "Keine Klassen gefunden." : count === 1 ? "1 Klasse gefunden" : `${count} Klassen gefunden`;
  expect(statusTexts(await response.text()).filter((status) => /Klassen? gefunden/.test(status))).toEqual([text]);
}
