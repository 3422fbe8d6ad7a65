import type { SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import type { ErrorCode } from "~/errors";
import type { TranslationKey } from "~/i18n";
import type { Option } from "~/features/zuordnungen/views";
import type { AnlegenRegeln } from "./person-anlegen-forms";

/** What the creation page and its success page show: the view types of their components. */

/** What the success page shows: from the create's answer, once (the start password is never stored anywhere). */
export interface Angelegt {
  personId: string;
  vorname: string;
  familienname: string;
  username: string;
  /** null when the person was found after the create went unanswered: the upstream hands the password out only once. */
  startpasswort: string | null;
  /** Only for roles with KOPERS_PFLICHT: the number, or null for "fehlt". */
  kopers: { nummer: string | null } | null;
  organisation: string;
  rollen: string;
  /** DD.MM.YYYY, or null for unlimited. */
  befristung: string | null;
  klasse: string | null;
  /** The form again with the same organisation and roles ("Weitere Person anlegen"). */
  weitere: string;
}

/** The page's state: the loader's start or the action's answer. */
export interface AnlegenAntwort {
  /** Renders the form afresh with each answer (its values come from `result`). */
  formKey: string;
  ansicht: AnlegenAnsicht;
  result: SubmissionResult<string[]> | null;
  fehler: ErrorCode | null;
  hinweis: TranslationKey | null;
  /** The form's one-time token: a second post of the same form (a reload) creates nobody twice. */
  einmal: string;
  angelegt: Angelegt | null;
}

/** The form's choices, narrowed by what is chosen so far. */
export interface AnlegenAnsicht {
  organisationen: Option[];
  /** The chosen organisation is in the list: the roles and the personal data are asked for. */
  organisationGewaehlt: boolean;
  rollen: Option[];
  /** At least one role is chosen: Befristung (and class, KoPers where the roles ask) follow. */
  rollenGewaehlt: boolean;
  /** Only roles of the chosen roles' kind are offered. */
  rollenEingegrenzt: boolean;
  klassen: Option[];
  regeln: AnlegenRegeln;
  /** The native constraints (required, lengths) of the form for these rules: the browser renders them without zod. */
  constraint: ReturnType<typeof getZodConstraint>;
  canCommit: boolean;
  schulsuche: string;
}
