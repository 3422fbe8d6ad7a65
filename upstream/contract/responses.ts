import { z } from "zod";
import {
  KNOWN_PROVIDER_KATEGORIEN,
  MELDUNG_STATUS,
  ORGANISATIONS_TYPEN,
  PROVIDER_MERKMALE,
  PROVIDER_TARGETS,
  StepUpLevel,
  TIME_LIMIT_OCCASIONS,
} from "./enums";
import { flag, isoDate, lenientArray, lenientEnum, optionalText } from "./lenient";

/**
 * Answers of the upstream as the portal reads them, tolerant of both the pinned and the current
 * version (CHANGES-SINCE-PIN §2.7, §2.9, §2.11): see `lenient.ts` for the rules. Fields the portal
 * does not read are not modelled and pass unnoticed.
 */

export const OrganisationResponse = z.object({
  id: z.string(),
  administriertVon: optionalText,
  zugehoerigZu: optionalText,
  kennung: optionalText,
  // Nullable in the current upstream's model; the portal shows an empty name rather than failing.
  name: optionalText.transform((name) => name ?? ""),
  namensergaenzung: optionalText,
  kuerzel: optionalText,
  typ: lenientEnum(ORGANISATIONS_TYPEN),
  traegerschaft: optionalText,
  itslearningEnabled: z.boolean().nullish(),
  version: z.number().nullish(),
});
export type OrganisationResponse = z.infer<typeof OrganisationResponse>;

const PersonTimeLimitInfo = z.object({
  // An occasion of a later version has no text here: its entry is dropped from the list.
  occasion: z.enum(TIME_LIMIT_OCCASIONS),
  deadline: isoDate,
  school: optionalText,
  rolle: optionalText,
});

export const UserinfoResponse = z.object({
  sub: z.string(),
  personId: z.string().nullish(),
  name: optionalText,
  given_name: optionalText,
  family_name: optionalText,
  preferred_username: optionalText,
  password_updated_at: optionalText,
  acr: StepUpLevel.catch("none"),
  personenkontexte: lenientArray(
    z.object({
      organisation: OrganisationResponse,
      // Rights stay plain strings: the current upstream added two, a later one may add more.
      rolle: z.object({ systemrechte: lenientArray(z.string()), serviceProviderIds: lenientArray(z.string()) }),
    }),
  ),
  timeLimits: lenientArray(PersonTimeLimitInfo),
});
export type UserinfoResponse = z.infer<typeof UserinfoResponse>;

export const PersonInfoResponse = z.object({
  pid: z.string(),
  person: z.object({
    id: z.string(),
    username: optionalText,
    name: z.object({
      familiennamen: optionalText.transform((name) => name ?? ""),
      vorname: optionalText.transform((name) => name ?? ""),
    }),
    personalnummer: optionalText,
    dienststellen: lenientArray(z.string()),
  }),
  personenkontexte: lenientArray(
    z.object({
      id: z.string(),
      organisation: z.object({ id: z.string(), name: optionalText, typ: optionalText, kennung: optionalText }),
      // SchulConneX role names; the current upstream adds SORGBER, SCHB and NLEHR (§3.2).
      rollenart: optionalText,
      rollenname: optionalText,
    }),
  ),
  email: z.object({ status: z.string(), address: z.string() }).nullish().catch(null),
});
export type PersonInfoResponse = z.infer<typeof PersonInfoResponse>;

export const ServiceProviderResponse = z.object({
  id: z.string(),
  name: z.string(),
  // null: a target this portal cannot open; the tile is shown without a link.
  target: lenientEnum(PROVIDER_TARGETS),
  url: optionalText,
  // null: a category of a later version; the start page shows it under a neutral heading.
  kategorie: lenientEnum(KNOWN_PROVIDER_KATEGORIEN),
  hasLogo: flag(false),
  // Optional in the pinned upstream, required in the current one (§2.11).
  requires2fa: flag(false),
  merkmale: lenientArray(z.enum(PROVIDER_MERKMALE)),
});
export type ServiceProviderResponse = z.infer<typeof ServiceProviderResponse>;

export const MeldungResponse = z.object({
  id: z.string(),
  inhalt: z.string(),
  status: lenientEnum(MELDUNG_STATUS),
  revision: z.number(),
  createdAt: optionalText,
  updatedAt: optionalText,
});
export type MeldungResponse = z.infer<typeof MeldungResponse>;

export const SystemRechtResponse = z.object({ name: z.string(), isTechnical: flag(false) });

export const FeatureFlagResponse = z.object({
  rolleBearbeitenEnabled: flag(false),
  befristungBearbeitenEnabled: flag(false),
  rolleErweiternEnabled: flag(false),
  // current upstream only (§3.2), informational; absent from the pinned one
  setUemPasswordEnabled: z.boolean().nullish(),
  schulischeAngeboteErstellen: z.boolean().nullish(),
});

export const TokenStateResponse = z.object({
  hasToken: z.boolean(),
  // The upstream sends "" for "no token"; anything other than the two kinds means none.
  tokenKind: optionalText.transform((kind) => (kind === "software" || kind === "hardware" ? kind : null)),
  serial: optionalText,
});
export type TokenStateResponse = z.infer<typeof TokenStateResponse>;

export const TokenRequiredResponse = z.object({ required: z.boolean() });

/** GET /api/auth/csrf-token of the current upstream (CHANGES-SINCE-PIN §2.1). */
export const CsrfTokenResponse = z.object({ csrfToken: z.string().min(1) });
export type CsrfTokenResponse = z.infer<typeof CsrfTokenResponse>;
