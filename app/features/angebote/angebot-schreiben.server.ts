import { createHash } from "node:crypto";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import type { CreateServiceProviderBody, ManageableServiceProviderResponse, UpdateServiceProviderBody } from "@contract";
import { CURRENT_PROVIDER_KATEGORIEN, ROLLENARTEN, type PROVIDER_MERKMALE } from "@contract/enums";
import { can } from "~/permissions";
import { organisationLabel } from "~/organisation-label";
import { nothingChanged } from "~/.server/edit-form.server";
import { readFormData } from "~/.server/form-data.server";
import { notFound, requireAdmin } from "~/.server/guards.server";
import { searchText } from "~/.server/list-params.server";
import { invalidForm, redirectWithToast, refusedForm, type FieldsByErrorCode } from "~/.server/responses.server";
import { createAngebot, findManageableAngebote, getManageableAngebot, updateAngebot } from "~/.server/upstream/angebote.server";
import { loadFunktionen } from "~/.server/upstream/config.server";
import { EBENEN_LIMIT, findEbene, findEbenen } from "~/.server/upstream/ebenen.server";
import { writeWithOutcome } from "~/.server/write-outcome.server";
import { isErweitert } from "./angebote.server";
import { ANBIETEN_IN, ZUWEISUNG } from "./angebot-auswahl";
import { AngebotAnlegenSchema, AngebotBearbeitenSchema } from "./angebot-forms";
import { kategorieLabel } from "./kategorie";

type ProviderMerkmal = (typeof PROVIDER_MERKMALE)[number];

/**
 * Creating and editing an offer (issue 34 §1, §2; decision 043). Open with ANGEBOTE_VERWALTEN, or with the restricted
 * right for a school's own offers, whose kategorie, merkmale and rollenarten the upstream sets itself; not while the
 * upstream has switched offer creation off (`schulischeAngeboteErstellen`), as the original hides it.
 */

/** The guard of both forms: either right, and the function switched on (the upstream itself does not check it). */
export async function requireAngebotSchreiber(request: Request) {
  const [user, funktionen] = await Promise.all([
    requireAdmin(request, { permissions: ["angebotsverwaltung"], orPermissions: ["eingeschraenkteangebotsverwaltung"] }),
    loadFunktionen(request),
  ]);
  if (!funktionen.angeboteErstellen) throw notFound();
  // The full right decides where both are held, as in the original.
  return { user, eingeschraenkt: !can(user, "angeboteVerwalten") };
}

/**
 * What both forms need from the server: the schema's native constraints and the choices with their labels, so that the
 * page renders without zod and without the contract's enums (decision 019).
 */
export const ANGEBOT_OPTIONEN = {
  kategorien: CURRENT_PROVIDER_KATEGORIEN.map((kategorie) => ({ value: kategorie, label: kategorieLabel(kategorie) })),
  // The role screens' words, kept in this area's texts: the page loads no other namespace.
  rollenarten: ROLLENARTEN.map((rollenart) => ({ value: rollenart, label: `angebote:rollenart.${rollenart}` as const })),
};
export const ANLEGEN_CONSTRAINT = getZodConstraint(AngebotAnlegenSchema);
export const BEARBEITEN_CONSTRAINT = getZodConstraint(AngebotBearbeitenSchema);

const rechtOf = (eingeschraenkt: boolean) =>
  eingeschraenkt ? ("ANGEBOTE_EINGESCHRAENKT_VERWALTEN" as const) : ("ANGEBOTE_VERWALTEN" as const);

/** The create form's organisations: those where the user holds his offer right, narrowed by the search in the address. */
export async function loadAnlegenForm(request: Request, search: URLSearchParams, eingeschraenkt: boolean) {
  const suche = searchText.parse(search.get("ebeneSuche") ?? undefined);
  const asked = z.string().uuid().safeParse(search.get("ebene")).data ?? null;
  const [ebenen, ebene] = await Promise.all([
    findEbenen(request, rechtOf(eingeschraenkt), suche),
    asked ? findEbene(request, rechtOf(eingeschraenkt), asked) : null,
  ]);
  const options = ebenen.items.map((organisation) => ({ id: organisation.id, label: organisationLabel(organisation) }));
  if (ebene && !options.some((option) => option.id === ebene.id)) options.unshift({ id: ebene.id, label: organisationLabel(ebene) });
  return {
    eingeschraenkt,
    constraint: ANLEGEN_CONSTRAINT,
    optionen: ANGEBOT_OPTIONEN,
    ebenen: options,
    ebenenTotal: ebenen.total,
    ebenenLimit: EBENEN_LIMIT,
    ebenenGekuerzt: ebenen.schulenGekuerzt,
    ebeneSuche: suche ?? "",
    ebeneUnbekannt: asked !== null && ebene === null,
    gewaehlt: ebene?.id ?? (options.length === 1 ? options[0].id : ""),
  };
}

type Eingabe = Omit<z.output<typeof AngebotBearbeitenSchema>, "stand">;

/** The merkmale the form's checkboxes stand for. */
function merkmaleOf(eingabe: Eingabe): ProviderMerkmal[] {
  // The places to offer it in mean nothing without school extensions (the original greys them out then).
  const erweiterbar = eingabe.zuweisung.includes("VERFUEGBAR_FUER_ROLLENERWEITERUNG");
  return [...eingabe.zuweisung, ...(erweiterbar ? eingabe.anbietenIn : [])];
}

/** The upstream's refusals that belong to a field. */
const ANGEBOT_FIELDS: FieldsByErrorCode = {
  DUPLICATE_NAME: { field: "name", message: "angebote:form.validation.nameTaken" },
  ATTACHED_ROLLEN: { field: "rollenarten", message: "angebote:form.validation.rollenartBenutzt" },
};

export async function answerAnlegen(request: Request, eingeschraenkt: boolean) {
  const submission = parseWithZod(await readFormData(request), { schema: AngebotAnlegenSchema });
  if (submission.status !== "success") return invalidForm(submission);
  const eingabe = submission.value;
  const ebene = await findEbene(request, rechtOf(eingeschraenkt), eingabe.ebene);
  if (!ebene) return invalidForm({ reply: () => submission.reply({ fieldErrors: { ebene: ["angebote:form.validation.ebeneRequired"] } }) });
  if (!eingeschraenkt && !eingabe.kategorie) {
    return invalidForm({ reply: () => submission.reply({ fieldErrors: { kategorie: ["angebote:form.validation.kategorieRequired"] } }) });
  }
  // The restricted right's offer: the upstream forces kategorie, 2FA, merkmale and rollenarten; sent as it will store them.
  const body: CreateServiceProviderBody = eingeschraenkt
    ? { organisationId: ebene.id, name: eingabe.name, url: eingabe.link, kategorie: "SCHULISCH", requires2fa: false, merkmale: [] }
    : {
        organisationId: ebene.id,
        name: eingabe.name,
        url: eingabe.link,
        kategorie: eingabe.kategorie!,
        requires2fa: eingabe.requires2fa === "ja",
        merkmale: merkmaleOf(eingabe),
        rollenartenWhitelist: eingabe.rollenarten,
      };
  const outcome = await writeWithOutcome({
    write: async () => ({ id: (await createAngebot(request, body)).id }),
    // Unanswered: the offer of this name at this organisation, if it is there now.
    reread: async () => {
      const { items } = await findManageableAngebote(request, { limit: 1000 });
      const found = items.find((item) => item.name === body.name && item.administrationsebene.id === ebene.id);
      return found ? { id: found.id } : null;
    },
    ownConflicts: ["DUPLICATE_NAME"],
    earlierAttemptUnanswered: false,
  });
  if (outcome.status !== "saved") return refusedForm(submission, outcome.failure, { fields: ANGEBOT_FIELDS });
  return redirectWithToast(request, `/admin/angebote/${outcome.value.id}`, { key: "angebote:create.done", values: { name: body.name } });
}

/** The offer to edit: readable, changeable by this user (a managing right at its owner), and not VIDIS's. */
export async function loadAngebotZumBearbeiten(request: Request, id: string | undefined) {
  const angebot = z.string().uuid().safeParse(id).success ? await getManageableAngebot(request, id!) : null;
  const verwalten = ["ANGEBOTE_VERWALTEN", "ANGEBOTE_EINGESCHRAENKT_VERWALTEN"];
  if (!angebot || !angebot.relevantSystemrechte.some((recht) => verwalten.includes(recht))) throw notFound();
  return angebot;
}

/** The form's values of an offer as stored. */
export function eingabeOf(angebot: ManageableServiceProviderResponse): Eingabe {
  return {
    name: angebot.name,
    link: angebot.url ?? "",
    kategorie: CURRENT_PROVIDER_KATEGORIEN.find((kategorie) => kategorie === angebot.kategorie),
    zuweisung: ZUWEISUNG.filter((merkmal) => angebot.merkmale.includes(merkmal)),
    anbietenIn: ANBIETEN_IN.filter((merkmal) => angebot.merkmale.includes(merkmal)),
    rollenarten: [...angebot.rollenartenWhitelist],
  };
}

/** Whether saving `neu` over `alt` makes the server delete Rollenerweiterungen. */
function entferntErweiterungen(alt: Eingabe, neu: Eingabe): boolean {
  const erweiterbar = (eingabe: Eingabe) => eingabe.zuweisung.includes("VERFUEGBAR_FUER_ROLLENERWEITERUNG");
  if (erweiterbar(alt) && !erweiterbar(neu)) return true;
  // A new limit, or a narrower one (an empty list allows every rollenart).
  if (neu.rollenarten.length === 0) return false;
  return alt.rollenarten.length === 0 || alt.rollenarten.some((rollenart) => !neu.rollenarten.includes(rollenart));
}

/** A short fingerprint of the stored values: the edit form carries it, the save compares it. */
export function standOf(angebot: ManageableServiceProviderResponse): string {
  const eingabe = eingabeOf(angebot);
  const werte = JSON.stringify([
    eingabe.name,
    eingabe.link,
    eingabe.kategorie,
    merkmaleOf(eingabe).sort(),
    [...eingabe.rollenarten].sort(),
  ]);
  return createHash("sha256").update(werte).digest("hex").slice(0, 32);
}

/**
 * The edit form's post: the offer is read again (and with it the right). Unchanged input is "nothing changed"; a change
 * by someone else since the form was read is a conflict (nothing is written, the input stays, the form then carries
 * the new state so saving again applies knowingly); else only the changed fields are sent.
 */
export async function answerBearbeiten(request: Request, id: string | undefined, eingeschraenkt: boolean) {
  const angebot = await loadAngebotZumBearbeiten(request, id);
  const submission = parseWithZod(await readFormData(request), { schema: AngebotBearbeitenSchema });
  if (submission.status !== "success") return invalidForm(submission);
  const detailsPath = `/admin/angebote/${angebot.id}`;
  const { stand, bestaetigt, ...eingabe } = submission.value;
  const jetzt = eingabeOf(angebot);
  if (stand !== standOf(angebot)) {
    // The page shows its own conflict text with the stored values; the input stays in the form.
    const konflikt = { name: angebot.name, link: angebot.url ?? "", stand: standOf(angebot) };
    return data({ result: submission.reply(), error: "MISMATCHED_REVISION" as const, konflikt }, { status: 409 });
  }
  const body: UpdateServiceProviderBody = {};
  if (eingabe.name !== jetzt.name) body.name = eingabe.name;
  if (eingabe.link !== jetzt.link) body.url = eingabe.link;
  if (!eingeschraenkt) {
    if (eingabe.kategorie && eingabe.kategorie !== jetzt.kategorie) body.kategorie = eingabe.kategorie;
    const merkmale = merkmaleOf(eingabe);
    if (JSON.stringify([...merkmale].sort()) !== JSON.stringify(merkmaleOf(jetzt).sort())) body.merkmale = merkmale;
    if (JSON.stringify([...eingabe.rollenarten].sort()) !== JSON.stringify([...jetzt.rollenarten].sort())) {
      body.rollenartenWhitelist = eingabe.rollenarten;
    }
  }
  if (Object.keys(body).length === 0) return nothingChanged(request, detailsPath);
  // The server removes Rollenerweiterungen silently when the offer may no longer be extended, or no longer for some
  // rollenarten: where there are any, the user confirms that first (the original warns in a dialog).
  if (!bestaetigt && isErweitert(angebot) && entferntErweiterungen(jetzt, eingabe)) {
    return data({ result: submission.reply(), error: "ERWEITERUNGEN_WERDEN_ENTFERNT" as const }, { status: 409 });
  }
  const outcome = await writeWithOutcome({
    write: async () => {
      await updateAngebot(request, angebot.id, body);
      return "saved" as const;
    },
    reread: async () => {
      const now = await getManageableAngebot(request, angebot.id);
      return now && (body.name ?? now.name) === now.name && (body.url ?? now.url) === now.url ? ("saved" as const) : null;
    },
    ownConflicts: ["DUPLICATE_NAME"],
    earlierAttemptUnanswered: true,
  });
  if (outcome.status !== "saved") return refusedForm(submission, outcome.failure, { fields: ANGEBOT_FIELDS });
  return redirectWithToast(request, detailsPath, { key: "angebote:edit.done", values: { name: eingabe.name } });
}
