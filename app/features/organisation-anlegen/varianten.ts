import type { z } from "zod";
import type { TranslationKey } from "~/i18n";
import { CreateSchuleSchema } from "~/features/schulen/schule-forms";
import { CreateSchultraegerSchema } from "~/features/schultraeger/schultraeger-forms";

/**
 * The two organisations an administrator creates with the same screen (spec section 5): a school (form, Dienststellennummer,
 * name) and a Schulträger (form, name). One screen, two sets of words; the server's part is `organisation-anlegen.server.ts`.
 */
export type OrganisationArt = "schule" | "schultraeger";

/** The form's values; `schulform` is the root child the new organisation belongs to (public schools or Ersatzschulen). */
export type OrganisationFormValue = { schulform: string; kennung?: string; name: string };

type CreatedLink = "toDetails" | "backToList" | "another";

interface OrganisationAnlegenConfig {
  path: string;
  listPath: string;
  formId: string;
  schema: z.ZodType<OrganisationFormValue, z.ZodTypeDef, OrganisationFormValue>;
  /** The school's Dienststellennummer; a Träger has none. */
  kennung: { label: TranslationKey; hint: TranslationKey } | null;
  texts: {
    title: TranslationKey;
    form: TranslationKey;
    formHint?: TranslationKey;
    name: TranslationKey;
    nameHint: TranslationKey;
    discard: TranslationKey;
    submit: TranslationKey;
    createdTitle: TranslationKey;
    createdMessage: TranslationKey;
  } & Record<CreatedLink, TranslationKey>;
  /** The created page's links, in each screen's order. */
  createdLinks: readonly CreatedLink[];
}

export const ORGANISATION_ANLEGEN: Record<OrganisationArt, OrganisationAnlegenConfig> = {
  schule: {
    path: "/admin/schulen/new",
    listPath: "/admin/schulen",
    formId: "schule-anlegen",
    schema: CreateSchuleSchema,
    kennung: { label: "schulen:fields.kennung", hint: "schulen:fields.kennungHint" },
    texts: {
      title: "schulen:create.title",
      form: "schulen:fields.schulform",
      name: "schulen:fields.name",
      nameHint: "schulen:fields.nameHint",
      discard: "schulen:create.discard",
      submit: "schulen:create.submit",
      createdTitle: "schulen:created.title",
      createdMessage: "schulen:created.message",
      toDetails: "schulen:created.toDetails",
      backToList: "schulen:created.backToList",
      another: "schulen:created.another",
    },
    createdLinks: ["toDetails", "backToList", "another"],
  },
  schultraeger: {
    path: "/admin/schultraeger/new",
    listPath: "/admin/schultraeger",
    formId: "schultraeger-anlegen",
    schema: CreateSchultraegerSchema,
    kennung: null,
    texts: {
      title: "schultraeger:create.title",
      form: "schultraeger:fields.form",
      formHint: "schultraeger:fields.formHint",
      name: "schultraeger:fields.name",
      nameHint: "schultraeger:fields.nameHint",
      discard: "schultraeger:create.discard",
      submit: "schultraeger:create.submit",
      createdTitle: "schultraeger:created.title",
      createdMessage: "schultraeger:created.message",
      toDetails: "schultraeger:created.toDetails",
      backToList: "schultraeger:created.backToList",
      another: "schultraeger:created.another",
    },
    createdLinks: ["backToList", "toDetails", "another"],
  },
};
