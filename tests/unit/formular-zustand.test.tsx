import { parseWithZod } from "@conform-to/zod";
// The data router Remix runs on (installed with @remix-run/react): a page with its action, without a server.
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { TextField } from "~/components/forms";
import { SaveButton } from "~/components/save-button";
import { SubmitButton } from "~/components/submit-button";
import { FORM_ID_FIELD, isFormBusy } from "~/hooks/use-form-busy";
import { answerOf, useSchemaForm } from "~/hooks/use-schema-form";
import { byId, byTag, descriptionOf, textOf } from "./support/markup";
import { renderHtml, toFormData } from "./support/render";

// RouterProvider subscribes in a layout effect, which React reports when rendering on the server; nothing else is muted.
const consoleError = console.error;
beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
    consoleError(...args);
  });
});
afterAll(() => vi.restoreAllMocks());

const NameSchema = z.object({ name: z.string({ required_error: "klassen:validation.name.required" }).max(20) });

/** A page with two forms posting to the same action, as a person's page with several small forms will. */
function TwoForms() {
  const first = useSchemaForm(NameSchema, { id: "erstes" });
  const second = useSchemaForm(NameSchema, { id: "zweites" });
  return (
    <>
      <form method="post" {...first.formProps}>
        <TextField field={first.fields.name} label="Erster Name" />
        <SubmitButton form={first.form} label="Erstes senden" />
      </form>
      <form method="post" {...second.formProps}>
        <TextField field={second.fields.name} label="Zweiter Name" />
        <SaveButton form={second.form} stored={{ name: "" }} label="Zweites speichern" />
      </form>
    </>
  );
}

function pageRouter(hydrationData?: { actionData: Record<string, unknown> }) {
  return createMemoryRouter(
    // The action never answers: the post stays in flight while the page is rendered.
    [{ id: "seite", path: "/", element: <TwoForms />, action: () => new Promise<never>(() => {}) }],
    { initialEntries: ["/"], hydrationData },
  );
}

function button(html: string, name: string) {
  const found = byTag(html, "button").filter((element) => textOf(element.outer) === name);
  expect(found, name).toHaveLength(1);
  return found[0];
}

function posted(values: Record<string, string>): FormData {
  return toFormData(values);
}

describe("beschäftigt ist nur das Formular, das gerade sendet", () => {
  it("während das erste Formular sendet, ist nur sein Knopf gesperrt; das zweite bleibt bedienbar", async () => {
    const router = pageRouter();
    void router.navigate("/", { formMethod: "post", formData: posted({ [FORM_ID_FIELD]: "erstes", name: "7a" }) });
    await waitFor(() => router.state.navigation.state === "submitting");

    const html = renderHtml(<RouterProvider router={router} />);
    expect("disabled" in button(html, "Erstes senden").attrs).toBe(true);
    expect(byTag(button(html, "Erstes senden").outer, "span")[0]?.attrs["aria-hidden"]).toBe("true");
    expect("disabled" in button(html, "Zweites speichern").attrs).toBe(false);
    router.dispose();
  });

  it("ohne laufende Sendung ist kein Knopf gesperrt, und jedes Formular schickt seinen Namen mit", () => {
    const html = renderHtml(<RouterProvider router={pageRouter()} />);
    expect("disabled" in button(html, "Erstes senden").attrs).toBe(false);
    expect("disabled" in button(html, "Zweites speichern").attrs).toBe(false);
    const identities = byTag(html, "input").filter((input) => input.attrs.name === FORM_ID_FIELD);
    expect(identities.map((input) => input.attrs.value)).toEqual(["erstes", "zweites"]);
  });

  it("zählt auch die Zeit nach der Antwort, bis die nächste Seite geladen ist, und Sendungen über einen Fetcher", () => {
    const fromFirst = posted({ [FORM_ID_FIELD]: "erstes" });
    expect(isFormBusy("erstes", { state: "submitting", formData: fromFirst }, [])).toBe(true);
    expect(isFormBusy("erstes", { state: "loading", formData: fromFirst }, [])).toBe(true);
    expect(isFormBusy("erstes", { state: "idle" }, [])).toBe(false);
    // A link followed meanwhile (a navigation without form data) is nobody's post.
    expect(isFormBusy("erstes", { state: "loading" }, [])).toBe(false);
    expect(isFormBusy("zweites", { state: "submitting", formData: fromFirst }, [])).toBe(false);
    expect(isFormBusy("erstes", { state: "idle" }, [{ state: "submitting", formData: fromFirst }])).toBe(true);
    expect(isFormBusy("zweites", { state: "idle" }, [{ state: "submitting", formData: fromFirst }])).toBe(false);
  });
});

describe("die gemeinsame Formulareinrichtung", () => {
  function refusal(formId: string | null) {
    const formData = posted({ name: "ein viel zu langer Klassenname" });
    if (formId) formData.set(FORM_ID_FIELD, formId);
    return { result: parseWithZod(formData, { schema: NameSchema }).reply(), error: null };
  }

  it("zeigt die Fehler einer abgelehnten Sendung nur in dem Formular, das gesendet hat", () => {
    const html = renderHtml(<RouterProvider router={pageRouter({ actionData: { seite: refusal("zweites") } })} />);
    const [first, second] = byTag(html, "input").filter((input) => input.attrs.type === "text");
    expect(first.attrs["aria-invalid"]).toBeUndefined();
    expect(second.attrs).toMatchObject({ "aria-invalid": "true", value: "ein viel zu langer Klassenname" });
    expect(descriptionOf(html, second).join(" ")).not.toBe("");
  });

  it("eine Antwort ohne Formularnamen gilt wie bisher für das Formular der Seite", () => {
    expect(answerOf(refusal(null), "erstes")).toBeDefined();
    expect(answerOf(refusal("zweites"), "erstes")).toBeUndefined();
    expect(answerOf(refusal("erstes"), "erstes")).toBeDefined();
    expect(answerOf(undefined, "erstes")).toBeUndefined();
    expect(answerOf({ error: "X" }, "erstes")).toBeUndefined();
  });

  it("ohne JavaScript prüft der Server und antwortet auf Deutsch; Pflicht und Länge aus dem Schema stehen am Feld", () => {
    const html = renderHtml(<RouterProvider router={pageRouter()} />);
    const forms = byTag(html, "form");
    expect(forms.map((form) => form.attrs.id)).toEqual(["erstes", "zweites"]);
    // No browser bubbles in the browser's language: the server's German messages answer every post.
    expect(forms.every((form) => "novalidate" in form.attrs)).toBe(true);
    expect(byId(html, "erstes-name").attrs).toMatchObject({ required: "", maxlength: "20" });
  });
});

async function waitFor(condition: () => boolean) {
  for (let tries = 0; tries < 50 && !condition(); tries++) await new Promise((resolve) => setTimeout(resolve, 1));
  expect(condition()).toBe(true);
}
