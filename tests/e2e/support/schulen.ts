import { expect, type Page } from "@playwright/test";
import { DEMO_IDS, isJavaScriptProject, uniqueToken } from "./klassen";

/**
 * A Dienststellennummer and name no other test (nor the run in the other project) uses, and the school's label. The
 * first digit keeps the two projects' runs apart even when their tokens are made in the same millisecond; each spec
 * passes its own pair, so two specs never meet either.
 */
export function uniqueSchule(prefix: string, digits: [withJs: string, withoutJs: string]) {
  const token = `${isJavaScriptProject() ? digits[0] : digits[1]}${uniqueToken()}`;
  const name = `${prefix} ${token}`;
  return { token, kennung: token, name, label: `${token} (${name})` };
}

/** Test data set-up without the UI: the same post the create page sends. Returns the new school's id. */
export async function createSchuleDirectly(page: Page, schule: { kennung: string; name: string }, schulform = DEMO_IDS.landOeffentlich) {
  const response = await page.request.post("/admin/schulen/new", { form: { schulform, kennung: schule.kennung, name: schule.name } });
  expect(response.status(), `Anlegen der Testschule „${schule.name}“`).toBe(200);
  const id = new URL(response.url()).searchParams.get("erstellt");
  expect(id, `Anlegen der Testschule „${schule.name}“ lieferte keine Id (${response.url()})`).toBeTruthy();
  return id!;
}
