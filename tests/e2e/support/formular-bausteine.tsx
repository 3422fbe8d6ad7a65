import { z } from "zod";
import { BefristungField } from "~/features/zuordnungen/befristung-field";
import { CheckboxGroup } from "~/components/fields/checkbox-group";
import { DateField } from "~/components/fields/date-field";
import { MultiSelect } from "~/components/fields/multi-select";
import { RadioGroup } from "~/components/fields/radio-group";
import { Notice } from "~/components/notice";
import { PasswordOutput } from "~/components/password-output";
import { befristungSchema, futureGermanDay } from "~/features/zuordnungen/befristung";
import { renderForm, renderHtml } from "../../unit/support/render";

/**
 * Run by `formular-bausteine.spec.ts` through tsx (`node --import tsx <this file> <password>`): Playwright's own
 * loader cannot import the app's JSON texts, tsx can. Writes the sample's HTML body to stdout.
 */

const Schema = z.object({
  angebote: z.array(z.string(), { required_error: "validation.schule.required" }).min(1, "validation.schule.required"),
  rolle: z.enum(["lehr", "lern"]),
  gesperrtBis: futureGermanDay(),
  befristung: befristungSchema({ pflicht: true }),
  schulen: z.array(z.string()).optional(),
});

/**
 * Every field of the kit in one form as the server renders it after a refused post (so the error state is in the
 * page too), a password card, and a notice of each tone.
 */
function kitSampleBody(password: string): string {
  const form = renderForm({
    schema: Schema,
    posted: { rolle: "lehr", gesperrtBis: "31.02.2030", "befristung.art": "schuljahresende", schulen: ["2"] },
    render: (fields) => (
      <>
        <CheckboxGroup
          field={fields.angebote}
          legend="Angebote"
          hint="Wählen Sie mindestens ein Angebot."
          options={[
            { value: "email", label: "E-Mail" },
            { value: "itslearning", label: "itslearning", hint: "Lernplattform" },
            { value: "cloud", label: "Schulcloud" },
          ]}
        />
        <RadioGroup
          field={fields.rolle}
          legend="Rolle"
          options={[
            { value: "lehr", label: "Lehrkraft" },
            { value: "lern", label: "Schülerin oder Schüler" },
          ]}
        />
        <DateField field={fields.gesperrtBis} label="Gesperrt bis" />
        <BefristungField field={fields.befristung} pflicht />
        <MultiSelect
          field={fields.schulen}
          legend="Schulen"
          options={[
            { value: "1", label: "Grundschule Lübeck" },
            { value: "2", label: "Gymnasium Kiel" },
            { value: "3", label: "Gemeinschaftsschule Flensburg" },
          ]}
        />
      </>
    ),
  });
  const rest = renderHtml(
    <>
      <PasswordOutput id="neues-passwort" title="Neues Passwort" password={password}>
        <p>Für Max Muster (mmuster)</p>
      </PasswordOutput>
      <Notice tone="info" className="mb-2">
        <p>Hinweis</p>
      </Notice>
      <Notice tone="success" className="mb-2">
        <p>Gespeichert</p>
      </Notice>
      <Notice tone="warning" title="Wartung am Wochenende" className="mb-2">
        <p>Bitte melden Sie sich nicht an.</p>
      </Notice>
      <Notice tone="error" title="Speichern nicht möglich">
        <p>Bitte versuchen Sie es später noch einmal.</p>
      </Notice>
    </>,
  );
  return `<main class="p-4"><h1 class="mb-4 text-2xl font-bold">Formularbausteine</h1>${form}${rest}</main>`;
}

process.stdout.write(kitSampleBody(process.argv[2] ?? ""));
