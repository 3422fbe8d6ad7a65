import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import {
  createKlasseDirectly,
  deleteKlasseDirectly,
  DEMO_IDS,
  expectKlassenCount,
  isJavaScriptProject,
  SCHULE_A,
  SCHULE_C,
  uniqueToken,
  waitForHydration,
} from "./support/klassen";

/** The create form's post: a document request without JavaScript, Remix's data request (`.data`) with it. */
const isCreatePost = (url: string, method: string) => method === "POST" && /^\/admin\/klassen\/new(\.data)?$/.test(new URL(url).pathname);

/** Submits the create form; without JavaScript returns the HTTP status of the form post. */
async function submitCreateForm(page: Page): Promise<number | null> {
  const submit = page.getByRole("button", { name: "Klasse anlegen" });
  if (isJavaScriptProject()) {
    await submit.click();
    return null;
  }
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => isCreatePost(candidate.url(), candidate.request().method())),
    submit.click(),
  ]);
  return response.status();
}

test.describe("Fehler beim Anlegen und Löschen von Klassen", () => {
  test("ein an der Schule schon vergebener Klassenname wird mit deutscher Meldung abgelehnt und nichts wird angelegt", async ({
    page,
    loggedInAs,
  }) => {
    const token = uniqueToken();
    const name = `Doppelt ${token}`;
    await loggedInAs("landesadmin", { target: "/admin/klassen/new" });
    const existing = await createKlasseDirectly(page, SCHULE_C.id, name);

    await page.goto("/admin/klassen/new");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: SCHULE_C.label });
    await page.getByRole("textbox", { name: "Klassenname" }).fill(name);
    const status = await submitCreateForm(page);
    if (status !== null) expect(status).toBe(400);

    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Klassenname bereits vergeben");
    await expect(alert).toContainText(
      "An dieser Schule gibt es bereits eine Klasse mit diesem Namen. Bitte wählen Sie einen anderen Namen.",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Klasse anlegen" })).toBeVisible();
    // Focus moves to the message, so keyboard and screen-reader users learn what went wrong.
    await expect(alert).toBeFocused();
    // The input stays, so the user can correct it.
    await expect(page.getByRole("textbox", { name: "Klassenname" })).toHaveValue(name);
    await expect(page.getByRole("combobox", { name: "Schule" })).toHaveValue(SCHULE_C.id);

    if (isJavaScriptProject()) {
      // The refused input is still unsaved: leaving the form asks first.
      await page.getByRole("link", { name: "Verwerfen" }).click();
      const dialog = page.getByRole("dialog", { name: "Ungespeicherte Änderungen" });
      await dialog.getByRole("button", { name: "Auf der Seite bleiben" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole("textbox", { name: "Klassenname" })).toHaveValue(name);
    }

    await expectKlassenCount(page, token, 1);

    // The same name at another school is fine.
    const other = await createKlasseDirectly(page, SCHULE_A.id, name);
    await expectKlassenCount(page, token, 2);
    await deleteKlasseDirectly(page, existing);
    await deleteKlasseDirectly(page, other);
  });

  test("ungültige Klassennamen (Leerzeichen am Anfang, nur Satzzeichen, leer) zeigen deutsche Feldmeldungen, die Antwort ist 400 und nichts wird angelegt", async ({
    page,
    loggedInAs,
  }) => {
    const token = uniqueToken();
    const cases = [
      { schule: SCHULE_C, name: ` Leer ${token}`, messages: ["Der Name darf nicht mit einem Leerzeichen beginnen oder enden."] },
      {
        schule: SCHULE_C,
        name: "--",
        messages: [
          "Der Klassenname muss mindestens einen Buchstaben von A bis Z (groß oder klein) oder eine Ziffer enthalten. Umlaute und ß allein reichen dafür nicht.",
        ],
      },
      { schule: null, name: "", messages: ["Bitte wählen Sie eine Schule aus.", "Bitte geben Sie einen Klassennamen ein."] },
    ];

    await loggedInAs("landesadmin", { target: "/admin/klassen/new" });
    const createPosts: string[] = [];
    page.on("request", (request) => {
      if (isCreatePost(request.url(), request.method())) createPosts.push(request.url());
    });

    for (const { schule, name, messages } of cases) {
      await page.goto("/admin/klassen/new");
      await waitForHydration(page);
      if (schule) await page.getByRole("combobox", { name: "Schule" }).selectOption({ label: schule.label });
      // "Empty" means the user submits without touching the field.
      if (name) await page.getByRole("textbox", { name: "Klassenname" }).fill(name);
      const status = await submitCreateForm(page);

      if (status === null) {
        // With JavaScript the form checks the input itself and sends nothing.
        expect(createPosts, `Formular mit „${name}“ wurde trotz Fehler abgeschickt`).toEqual([]);
      } else {
        expect(status, `HTTP-Status für „${name}“`).toBe(400);
      }
      await expect(page.getByRole("heading", { level: 1, name: "Klasse anlegen" })).toBeVisible();
      const nameField = page.getByRole("textbox", { name: "Klassenname" });
      await expect(nameField).toHaveAttribute("aria-invalid", "true");
      // The first field to correct has the focus.
      await expect(schule ? nameField : page.getByRole("combobox", { name: "Schule" })).toBeFocused();
      await expect(nameField).toHaveAccessibleDescription(new RegExp(messages.at(-1)!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      for (const message of messages) await expect(page.getByText(message, { exact: true })).toBeVisible();
      if (!schule) await expect(page.getByRole("combobox", { name: "Schule" })).toHaveAttribute("aria-invalid", "true");
    }

    // The server refuses the same input on its own as well (e.g. when the browser's check is bypassed): 400, no 500.
    for (const { schule, name } of cases) {
      const response = await page.request.post("/admin/klassen/new", { form: { schule: schule?.id ?? "", name } });
      expect(response.status(), `Direkter POST mit „${name}“`).toBe(400);
    }

    await expectKlassenCount(page, token, 0);
  });

  test("eine Klasse, der noch ein Schüler zugeordnet ist, lässt sich nicht löschen und die deutsche Meldung erklärt warum", async ({
    page,
    loggedInAs,
  }) => {
    const id = DEMO_IDS.klasseMitSchueler;
    const reason = "Die Klasse kann nicht gelöscht werden, solange ihr noch Personen zugeordnet sind.";
    await loggedInAs("landesadmin", { target: `/admin/klassen/${id}` });
    await expect(page.getByRole("heading", { level: 1, name: "Klasse 7b" })).toBeVisible();

    if (isJavaScriptProject()) {
      await waitForHydration(page);
      await page.getByRole("link", { name: "Klasse löschen" }).click();
      const dialog = page.getByRole("dialog", { name: "Klasse löschen" });
      await dialog.getByRole("button", { name: "Klasse löschen" }).click();
      const alert = dialog.getByRole("alert");
      await expect(alert).toContainText("Löschen nicht möglich");
      await expect(alert).toContainText(reason);
      await dialog.getByRole("link", { name: "Abbrechen" }).click();
      await expect(dialog).toHaveCount(0);
    } else {
      await page.getByRole("link", { name: "Klasse löschen" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/klassen/${id}\\?loeschen$`));
      const [response] = await Promise.all([
        page.waitForResponse((candidate) => candidate.request().method() === "POST"),
        page.getByRole("button", { name: "Klasse löschen" }).click(),
      ]);
      expect(response.status()).toBe(400);
      const alert = page.getByRole("alert");
      await expect(alert).toContainText("Löschen nicht möglich");
      await expect(alert).toContainText(reason);
    }

    // The class is still there.
    const details = await page.goto(`/admin/klassen/${id}`);
    expect(details?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Klasse 7b" })).toBeVisible();
    await expect(page.getByRole("definition")).toHaveText([SCHULE_A.label, "7b"]);
  });
});
