import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { BefristungField } from "~/features/zuordnungen/befristung-field";
import { CheckboxGroup } from "~/components/fields/checkbox-group";
import { DateField } from "~/components/fields/date-field";
import { matchesFilter, MultiSelect } from "~/components/fields/multi-select";
import { RadioGroup } from "~/components/fields/radio-group";
import { isUrgent, LiveRegion, Notice } from "~/components/notice";
import { PasswordOutput } from "~/components/password-output";
import { endOfSchoolYear, formatGermanDay, germanToday } from "~/dates";
import { befristungSchema, futureGermanDay } from "~/features/zuordnungen/befristung";
import { defaultBefristungArt } from "~/features/zuordnungen/befristung-wahl";
import { byId, byTag, descriptionOf, elements, labelOf, legendOf, textOf } from "./support/markup";
import { renderForm, renderHtml } from "./support/render";

// Server HTML is what a browser without JavaScript gets; `hydration.on` renders what the browser shows once React runs.
const hydration = vi.hoisted(() => ({ on: false }));
vi.mock("~/hooks/use-hydrated", () => ({ useHydrated: () => hydration.on }));
afterEach(() => {
  hydration.on = false;
});

const ANGEBOTE = [
  { value: "email", label: "E-Mail" },
  { value: "itslearning", label: "itslearning", hint: "Lernplattform der Schule" },
  { value: "schulcloud", label: "Schulcloud" },
];
const AngeboteSchema = z.object({
  angebote: z.array(z.string(), { required_error: "validation.schule.required" }).min(1, "validation.schule.required"),
});

function inputs(html: string, type: string) {
  return byTag(html, "input").filter((input) => input.attrs.type === type);
}

describe("Ankreuzgruppe", () => {
  it("ist eine benannte Gruppe: Legende, ein Label je Kästchen, der Hinweis einer Option an ihrem Kästchen", () => {
    const html = renderForm({
      schema: AngeboteSchema,
      render: (fields) => <CheckboxGroup field={fields.angebote} legend="Angebote" options={ANGEBOTE} hint="Mehrere möglich." />,
    });
    const fieldset = byTag(html, "fieldset")[0];
    expect(legendOf(fieldset)).toMatch(/^Angebote/);
    expect(descriptionOf(html, fieldset)).toEqual(["Mehrere möglich."]);
    const boxes = inputs(html, "checkbox");
    expect(boxes.map((box) => labelOf(html, box.attrs.id))).toEqual(["E-Mail", "itslearning", "Schulcloud"]);
    expect(new Set(boxes.map((box) => box.attrs.name))).toEqual(new Set(["angebote"]));
    expect(descriptionOf(html, boxes[1])).toEqual(["Lernplattform der Schule"]);
    expect(boxes.some((box) => "aria-invalid" in box.attrs)).toBe(false);
  });

  it("zeigt ohne JavaScript den gespeicherten Stand als angekreuzt", () => {
    const html = renderForm({
      schema: AngeboteSchema,
      defaultValue: { angebote: ["itslearning", "schulcloud"] },
      render: (fields) => <CheckboxGroup field={fields.angebote} legend="Angebote" options={ANGEBOTE} />,
    });
    expect(inputs(html, "checkbox").map((box) => "checked" in box.attrs)).toEqual([false, true, true]);
  });

  it("nach abgelehntem Absenden: Meldung an der Gruppe, Kästchen als ungültig markiert, Fokus auf dem ersten", () => {
    const html = renderForm({
      schema: AngeboteSchema,
      posted: {},
      render: (fields) => <CheckboxGroup field={fields.angebote} legend="Angebote" options={ANGEBOTE} />,
    });
    const fieldset = byTag(html, "fieldset")[0];
    expect(descriptionOf(html, fieldset)).toEqual(["Bitte wählen Sie eine Schule aus."]);
    const boxes = inputs(html, "checkbox");
    expect(boxes.every((box) => box.attrs["aria-invalid"] === "true")).toBe(true);
    expect(boxes.map((box) => "autofocus" in box.attrs)).toEqual([true, false, false]);
  });
});

describe("Auswahlgruppe (Radio)", () => {
  const Schema = z.object({ art: z.enum(["a", "b", "c"], { errorMap: () => ({ message: "validation.befristung.chooseArt" }) }) });
  const OPTIONS = [
    { value: "a", label: "Erste" },
    { value: "b", label: "Zweite" },
    { value: "c", label: "Dritte", disabled: true, hint: "Gesperrt, weil …" },
  ];

  it("hat einen Namen für alle Knöpfe, ist ohne JavaScript als Pflicht geprüft und zeigt, was gesperrt ist und warum", () => {
    const html = renderForm({
      schema: Schema,
      defaultValue: { art: "b" },
      render: (fields) => <RadioGroup field={fields.art} legend="Art" options={OPTIONS} />,
    });
    expect(legendOf(byTag(html, "fieldset")[0])).toMatch(/^Art \*/);
    const radios = inputs(html, "radio");
    expect(radios.map((radio) => labelOf(html, radio.attrs.id))).toEqual(["Erste", "Zweite", "Dritte"]);
    expect(radios.every((radio) => radio.attrs.name === "art" && "required" in radio.attrs)).toBe(true);
    expect(radios.map((radio) => "checked" in radio.attrs)).toEqual([false, true, false]);
    expect("disabled" in radios[2].attrs).toBe(true);
    expect(descriptionOf(html, radios[2])).toEqual(["Gesperrt, weil …"]);
  });

  it("nach abgelehntem Absenden hängt die Meldung an der Gruppe, und der Fokus geht auf den ersten wählbaren Knopf", () => {
    const html = renderForm({
      schema: Schema,
      posted: { art: "x" },
      render: (fields) => <RadioGroup field={fields.art} legend="Art" options={OPTIONS} />,
    });
    expect(descriptionOf(html, byTag(html, "fieldset")[0])).toEqual(["Bitte wählen Sie, wie lange die Zuordnung gelten soll."]);
    expect(inputs(html, "radio").map((radio) => "autofocus" in radio.attrs)).toEqual([true, false, false]);
  });
});

describe("Datumsfeld TT.MM.JJJJ", () => {
  const Schema = z.object({ bis: futureGermanDay() });

  it("ist ein beschriftetes Textfeld mit Zahlentastatur; das Format steht im Hinweis, der am Feld hängt", () => {
    const html = renderForm({ schema: Schema, render: (fields) => <DateField field={fields.bis} label="Gesperrt bis" /> });
    const input = byTag(html, "input")[0];
    expect(input.attrs).toMatchObject({ type: "text", inputmode: "decimal", autocomplete: "off", name: "bis" });
    expect(labelOf(html, input.attrs.id)).toMatch(/^Gesperrt bis \*/);
    expect(descriptionOf(html, input)).toEqual(["Format: TT.MM.JJJJ, zum Beispiel 05.09.2031"]);
  });

  it("nach abgelehntem Absenden: Eingabe bleibt stehen, Feld ist ungültig, Meldung und Hinweis hängen am Feld, Fokus", () => {
    const html = renderForm({
      schema: Schema,
      posted: { bis: "31.02.2030" },
      render: (fields) => <DateField field={fields.bis} label="Gesperrt bis" />,
    });
    const input = byTag(html, "input")[0];
    expect(input.attrs).toMatchObject({ value: "31.02.2030", "aria-invalid": "true", autofocus: "" });
    expect(descriptionOf(html, input)).toEqual([
      "Format: TT.MM.JJJJ, zum Beispiel 05.09.2031",
      "Diesen Tag gibt es im Kalender nicht. Bitte prüfen Sie Tag und Monat.",
    ]);
  });
});

describe("Befristung", () => {
  const schoolYearEnd = formatGermanDay(endOfSchoolYear(germanToday()));

  it("bei Befristungspflicht: Schuljahresende ist vorgewählt, „Unbefristet“ gesperrt, mit Grund", () => {
    const html = renderForm({
      schema: z.object({ befristung: befristungSchema({ pflicht: true }) }),
      defaultValue: { befristung: { art: defaultBefristungArt(true) } },
      render: (fields) => <BefristungField field={fields.befristung} pflicht />,
    });
    const radios = inputs(html, "radio");
    expect(radios.map((radio) => labelOf(html, radio.attrs.id))).toEqual([
      `Bis zum Schuljahresende (${schoolYearEnd})`,
      "Bis zu einem bestimmten Datum",
      "Unbefristet",
    ]);
    expect(radios.map((radio) => radio.attrs.name)).toEqual(["befristung.art", "befristung.art", "befristung.art"]);
    expect(radios.map((radio) => "checked" in radio.attrs)).toEqual([true, false, false]);
    expect("disabled" in radios[2].attrs).toBe(true);
    expect(descriptionOf(html, radios[2])).toEqual(["Nicht möglich: Für diese Rolle ist eine Befristung vorgeschrieben."]);
    const date = inputs(html, "text")[0];
    expect(date.attrs.name).toBe("befristung.datum");
    expect(labelOf(html, date.attrs.id)).toBe("Letzter Tag der Zuordnung");
  });

  it("ohne Pflicht ist „Unbefristet“ vorgewählt; ein fehlendes Datum wird am Datumsfeld gemeldet", () => {
    const fresh = renderForm({
      schema: z.object({ befristung: befristungSchema({ pflicht: false }) }),
      defaultValue: { befristung: { art: defaultBefristungArt(false) } },
      render: (fields) => <BefristungField field={fields.befristung} pflicht={false} />,
    });
    expect(inputs(fresh, "radio").map((radio) => "checked" in radio.attrs)).toEqual([false, false, true]);

    const refused = renderForm({
      schema: z.object({ befristung: befristungSchema({ pflicht: false }) }),
      posted: { "befristung.art": "datum" },
      render: (fields) => <BefristungField field={fields.befristung} pflicht={false} />,
    });
    const date = inputs(refused, "text")[0];
    expect(date.attrs["aria-invalid"]).toBe("true");
    expect(descriptionOf(refused, date)).toContain("Bitte geben Sie ein Datum ein.");
    expect(inputs(refused, "radio").map((radio) => "checked" in radio.attrs)).toEqual([false, true, false]);
  });
});

describe("Mehrfachauswahl für lange Listen", () => {
  const SCHULEN = [
    { value: "1", label: "Grundschule Lübeck" },
    { value: "2", label: "Gymnasium Kiel" },
    { value: "3", label: "Gemeinschaftsschule Flensburg" },
  ];
  const Schema = z.object({ schulen: z.array(z.string()).optional() });
  const render = () =>
    renderForm({
      schema: Schema,
      defaultValue: { schulen: ["1", "3"] },
      render: (fields) => <MultiSelect field={fields.schulen} legend="Schulen" options={SCHULEN} />,
    });

  it("ist ohne JavaScript eine Liste von Kästchen in einem Rollbereich, ohne Filter und ohne Zähler", () => {
    const html = render();
    const boxes = inputs(html, "checkbox");
    expect(boxes.map((box) => labelOf(html, box.attrs.id))).toEqual(SCHULEN.map((schule) => schule.label));
    expect(boxes.map((box) => "checked" in box.attrs)).toEqual([true, false, true]);
    expect(elements(html).some((element) => element.attrs.class?.includes("overflow-y-auto"))).toBe(true);
    expect(inputs(html, "search")).toEqual([]);
    expect(html).not.toContain("ausgewählt");
  });

  it("bekommt mit JavaScript ein beschriftetes Filterfeld, das nicht mitgeschickt wird, und zählt die Auswahl", () => {
    hydration.on = true;
    const html = render();
    const [filter] = inputs(html, "search");
    expect(labelOf(html, filter.attrs.id)).toBe("Liste filtern");
    expect(filter.attrs.name).toBeUndefined();
    expect(textOf(html)).toContain("2 Einträge ausgewählt");
    expect(byTag(html, "p").some((p) => p.attrs.role === "status")).toBe(true);
  });

  it("der Filter achtet nicht auf Groß- und Kleinschreibung oder Umlaute", () => {
    expect(matchesFilter("Grundschule Lübeck", "lubeck")).toBe(true);
    expect(matchesFilter("Grundschule Lübeck", "LÜB")).toBe(true);
    expect(matchesFilter("Gymnasium Kiel", "lübeck")).toBe(false);
    expect(matchesFilter("Gymnasium Kiel", "  ")).toBe(true);
  });
});

describe("Passwortausgabe", () => {
  const card = (
    <PasswordOutput id="neues-passwort" title="Neues Passwort" password="x7K-q2lO">
      <p>Für Max Muster (mmuster)</p>
    </PasswordOutput>
  );

  it("ohne JavaScript: das Passwort liegt in einem geschlossenen „Passwort anzeigen“, keine Knöpfe, die nicht gehen", () => {
    const html = renderHtml(card);
    const details = byTag(html, "details")[0];
    expect("open" in details.attrs).toBe(false);
    expect(textOf(byTag(details.outer, "summary")[0].outer)).toBe("Passwort anzeigen");
    expect(textOf(details.outer)).toContain("x7K-q2lO");
    expect(byTag(html, "button")).toEqual([]);
  });

  it("ist eine benannte Karte, die allein gedruckt wird, auf Papier mit dem Passwort im Klartext", () => {
    const html = renderHtml(card);
    const section = byId(html, "neues-passwort");
    expect(section.attrs["data-print-card"]).toBeDefined();
    expect(textOf(byId(html, section.attrs["aria-labelledby"]).outer)).toBe("Neues Passwort");
    const paper = byTag(html, "p").filter((p) => p.attrs.class === "hidden print:block");
    expect(paper.map((p) => textOf(p.outer))).toEqual(["Passwort: x7K-q2lO"]);
  });

  it("mit JavaScript: verdeckt, ein Umschaltknopf mit aria-pressed und gleichbleibendem Namen, Kopieren und Drucken", () => {
    hydration.on = true;
    const html = renderHtml(card);
    expect(byTag(html, "details")).toEqual([]);
    const onScreen = byId(html, "neues-passwort-passwort");
    expect(textOf(onScreen.outer)).toBe("•••••••••••• Passwort verborgen");
    const buttons = byTag(html, "button");
    expect(buttons.map((button) => textOf(button.outer))).toEqual(["Passwort anzeigen", "Passwort kopieren", "Drucken"]);
    expect(buttons[0].attrs).toMatchObject({ "aria-pressed": "false", "aria-controls": "neues-passwort-passwort", type: "button" });
    expect(byTag(html, "p").some((p) => p.attrs.role === "status")).toBe(true);
  });
});

describe("Hinweise", () => {
  it("ein Hinweis hat keine eigene Rolle; Fehler gehören in eine Alert-Region, alles andere in eine Statusregion", () => {
    const html = renderHtml(
      <Notice tone="warning" title="Achtung">
        <p>Text</p>
      </Notice>,
    );
    expect(elements(html).some((element) => "role" in element.attrs)).toBe(false);
    expect(textOf(html)).toBe("Achtung Text");
    expect(isUrgent("error")).toBe(true);
    expect(["info", "success", "warning"].map((tone) => isUrgent(tone as "info"))).toEqual([false, false, false]);
    expect(byTag(renderHtml(<LiveRegion urgent>x</LiveRegion>), "div")[0].attrs.role).toBe("alert");
    expect(byTag(renderHtml(<LiveRegion urgent={false}>x</LiveRegion>), "div")[0].attrs).toMatchObject({
      role: "status",
      "aria-live": "polite",
    });
  });
});
