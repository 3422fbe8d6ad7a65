import { expect } from "vitest";
import { DEMO_IDS, uniqueToken } from "./klassen.ts";
import type { PortalVisitor } from "./portal.ts";

/** A new public school through the create page's post, with its id and label. */
export async function createSchule(admin: PortalVisitor) {
  const kennung = `3${uniqueToken()}`;
  const name = `Löschschule ${kennung}`;
  const response = await admin.postForm("/admin/schulen/new", { schulform: DEMO_IDS.landOeffentlich, kennung, name });
  expect(response.status).toBe(302);
  const id = new URL(response.headers.get("Location") ?? "", "http://portal.test").searchParams.get("erstellt")!;
  return { id, kennung, name, label: `${kennung} (${name})` };
}
