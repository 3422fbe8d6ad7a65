import { z } from "zod";
import { OrganisationsTyp } from "./enums";

/** POST /api/organisationen */
export const CreateOrganisationBody = z.object({
  administriertVon: z.string().uuid(),
  zugehoerigZu: z.string().uuid(),
  name: z.string(),
  typ: OrganisationsTyp,
  kennung: z.string().optional(),
  namensergaenzung: z.string().optional(),
  kuerzel: z.string().optional(),
  traegerschaft: z.string().optional(),
  emailAdress: z.string().optional(),
});
export type CreateOrganisationBody = z.infer<typeof CreateOrganisationBody>;

/** PATCH /api/organisationen/{id}/name */
export const OrganisationByNameBody = z.object({ name: z.string(), version: z.number() });
export type OrganisationByNameBody = z.infer<typeof OrganisationByNameBody>;

/** Query of GET /api/organisationen (arrays go as repeated keys). */
export interface FindOrganisationQuery {
  offset?: number;
  limit?: number;
  kennung?: string;
  name?: string;
  searchString?: string;
  typ?: OrganisationsTyp;
  systemrechte?: string[];
  excludeTyp?: OrganisationsTyp[];
  administriertVon?: string[];
  zugehoerigZu?: string[];
  organisationIds?: string[];
  sortOrder?: "asc" | "desc";
  sortField?: "name" | "kennung";
}

/** Paging headers of header-paged lists (names are case-insensitive). */
export const PAGING_HEADERS = {
  offset: "X-Paging-Offset",
  limit: "X-Paging-Limit",
  total: "X-Paging-Total",
  pageTotal: "X-Paging-pageTotal",
} as const;
