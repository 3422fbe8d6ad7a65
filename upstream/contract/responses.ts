import { z } from "zod";
import {
  MELDUNG_STATUS,
  OrganisationsTyp,
  PROVIDER_KATEGORIEN,
  PROVIDER_MERKMALE,
  PROVIDER_TARGETS,
  StepUpLevel,
  TIME_LIMIT_OCCASIONS,
} from "./enums";

// The upstream omits undefined fields and sends null for empty columns: treat both alike.
const optionalText = z.string().nullish();

export const OrganisationResponse = z.object({
  id: z.string(),
  administriertVon: optionalText,
  zugehoerigZu: optionalText,
  kennung: optionalText,
  name: z.string(),
  namensergaenzung: optionalText,
  kuerzel: optionalText,
  typ: OrganisationsTyp,
  traegerschaft: optionalText,
  itslearningEnabled: z.boolean().nullish(),
  version: z.number().nullish(),
});
export type OrganisationResponse = z.infer<typeof OrganisationResponse>;

export const PersonTimeLimitInfo = z.object({
  occasion: z.enum(TIME_LIMIT_OCCASIONS),
  deadline: z.string(),
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
  personenkontexte: z
    .array(
      z.object({
        organisation: OrganisationResponse,
        rolle: z.object({ systemrechte: z.array(z.string()), serviceProviderIds: z.array(z.string()).default([]) }),
      }),
    )
    .default([]),
  timeLimits: z.array(PersonTimeLimitInfo).default([]),
});
export type UserinfoResponse = z.infer<typeof UserinfoResponse>;

export const PersonInfoResponse = z.object({
  pid: z.string(),
  person: z.object({
    id: z.string(),
    username: optionalText,
    name: z.object({ familiennamen: z.string(), vorname: z.string() }),
    personalnummer: optionalText,
    dienststellen: z.array(z.string()).default([]),
  }),
  personenkontexte: z
    .array(
      z.object({
        id: z.string(),
        organisation: z.object({ id: z.string(), name: optionalText, typ: optionalText, kennung: optionalText }),
        rollenart: optionalText,
        rollenname: optionalText,
      }),
    )
    .default([]),
  email: z.object({ status: z.string(), address: z.string() }).nullish(),
});
export type PersonInfoResponse = z.infer<typeof PersonInfoResponse>;

export const ServiceProviderResponse = z.object({
  id: z.string(),
  name: z.string(),
  target: z.enum(PROVIDER_TARGETS),
  url: optionalText,
  kategorie: z.enum(PROVIDER_KATEGORIEN),
  hasLogo: z.boolean(),
  requires2fa: z.boolean(),
  merkmale: z.array(z.enum(PROVIDER_MERKMALE)).default([]),
});
export type ServiceProviderResponse = z.infer<typeof ServiceProviderResponse>;

export const MeldungResponse = z.object({
  id: z.string(),
  inhalt: z.string(),
  status: z.enum(MELDUNG_STATUS),
  revision: z.number(),
  createdAt: optionalText,
  updatedAt: optionalText,
});
export type MeldungResponse = z.infer<typeof MeldungResponse>;

export const SystemRechtResponse = z.object({ name: z.string(), isTechnical: z.boolean() });

export const FeatureFlagResponse = z.object({
  rolleBearbeitenEnabled: z.boolean(),
  befristungBearbeitenEnabled: z.boolean(),
  rolleErweiternEnabled: z.boolean(),
});

export const TokenStateResponse = z.object({
  hasToken: z.boolean(),
  // The upstream sends "" for "no token"; anything other than the two kinds means none.
  tokenKind: z.string().transform((kind) => (kind === "software" || kind === "hardware" ? kind : null)),
  serial: z.string().nullish(),
});
export type TokenStateResponse = z.infer<typeof TokenStateResponse>;

export const TokenRequiredResponse = z.object({ required: z.boolean() });
