import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { Hono, type Context } from "hono";
import {
  IMPORT_RESULT_MAX_LIMIT,
  IMPORT_UPLOAD_FIELDS,
  ImportHistoryQuery,
  ImportUploadBody,
  ImportedUsersQuery,
  ImportvorgangByIdBody,
  ImportvorgangByIdParams,
  PAGING_HEADERS,
} from "../../contract/index.ts";
import type { AppEnv } from "../app-env.ts";
import type { ApiVersion } from "../env.ts";
import { importDataItem, importvorgang, organisation } from "../db/schema.ts";
import { readJsonBody } from "../lib/body.ts";
import { requireCaller, requireGold } from "../lib/caller.ts";
import { HttpError, dbiamError, internalError, missingPermissions, notFound } from "../lib/errors.ts";
import { publishEvent } from "../lib/events.ts";
import { IMPORT_MAX_FILE_BYTES, parseImportCsv, rowValidationErrors } from "../lib/import-csv.ts";
import { decryptStartPassword } from "../lib/import-crypto.ts";
import { newId } from "../lib/ids.ts";
import { hasRightsAtRoot } from "../lib/permissions.ts";
import type { PersonRow } from "../lib/personen.ts";
import { entityJson } from "../lib/render.ts";
import { findRolle } from "../lib/rolle-regeln.ts";
import { rollenartenFor } from "../lib/rollenarten.ts";
import { parseOrThrow, readQuery } from "../lib/validation.ts";
import { ancestorsOrSelf } from "../lib/zuordnungen.ts";

/**
 * The CSV import (PERSONS §2.8, quirks Q10–Q12; CHANGES-SINCE-PIN §3.5), all [gold]: upload and check a file, execute
 * it in the background (lib/import-job.ts), poll its status, fetch the result (with the start passwords), download it
 * as text (deprecated), list one's imports, delete one. Every call but the status needs IMPORT_DURCHFUEHREN at the root
 * organisation. Differences of the current upstream: execute only for VALID and INPROGRESS set by the job; result rows
 * sorted by klasse, nachname, vorname, id; Dbiam bodies for shared errors and validation (pinned: SchulConneX).
 */

/** `DbiamImportError` (same body in both versions). */
const importError = (i18nKey: string, code = 400) => dbiamError(i18nKey, code);

/** The file pipe's refusals: NestJS default bodies in both versions (CHANGES-SINCE-PIN §2.5). */
const plainError = (status: 400 | 413, message: string, error: string) =>
  new HttpError(message, () => ({ status, body: { message, error, statusCode: status } }));
export const fileTooLarge = () => plainError(413, "File too large", "Payload Too Large");

const ACCEPTED_FILE_TYPE = /text\/csv|application\/vnd\.ms-excel/;

type ImportvorgangRow = typeof importvorgang.$inferSelect;

export function importRoutes(version: ApiVersion) {
  const app = new Hono<AppEnv>();

  /** Gold, the caller, and his root right (missing: the version's not-found of a missing right). */
  const importer = async (c: Context<AppEnv>): Promise<PersonRow> => {
    const caller = await requireCaller(c, requireGold(c));
    if (!(await hasRightsAtRoot(c.var.db, caller.id, ["IMPORT_DURCHFUEHREN"]))) throw missingPermissions();
    return caller;
  };

  const findVorgang = async (c: Context<AppEnv>, id: string): Promise<ImportvorgangRow> => {
    const [row] = await c.var.db.select().from(importvorgang).where(eq(importvorgang.id, id));
    if (!row) throw notFound();
    return row;
  };

  /** Organisation and role ids are gone (deleted meanwhile): the import module's fallback 500. */
  const withIds = (vorgang: ImportvorgangRow) => {
    if (!vorgang.organisationId || !vorgang.rolleId) throw importError("IMPORT_ERROR", 500);
    return vorgang as ImportvorgangRow & { organisationId: string; rolleId: string };
  };

  /** Result rows: pinned in file order, current sorted by klasse, nachname, vorname, id (CHANGES-SINCE-PIN §3.5). */
  const resultOrder = (): SQL[] =>
    version === "current"
      ? [asc(importDataItem.klasse), asc(importDataItem.nachname), asc(importDataItem.vorname), asc(importDataItem.id)]
      : [asc(importDataItem.position)];

  /** [gold] 201 `ImportUploadResponse`: the rows are stored with their validation errors; nothing else changes. */
  app.post("/upload", async (c) => {
    const user = requireGold(c);
    const form = await readForm(c);
    const file = form[IMPORT_UPLOAD_FIELDS.file];
    if (file instanceof File && file.size > IMPORT_MAX_FILE_BYTES) throw fileTooLarge();
    const body = parseOrThrow(ImportUploadBody, {
      organisationId: textField(form[IMPORT_UPLOAD_FIELDS.organisationId]),
      rolleId: textField(form[IMPORT_UPLOAD_FIELDS.rolleId]),
    });
    if (!(file instanceof File)) throw plainError(400, "File is required", "Bad Request");
    if (!ACCEPTED_FILE_TYPE.test(file.type)) {
      throw plainError(
        400,
        `Validation failed (current file type is ${file.type || "unknown"}, expected type is text/csv|application/vnd.ms-excel)`,
        "Bad Request",
      );
    }
    const caller = await requireCaller(c, user);
    const { db, config } = c.var;

    const [org] = await db
      .select({ id: organisation.id, typ: organisation.typ, name: organisation.name, kennung: organisation.kennung })
      .from(organisation)
      .where(eq(organisation.id, body.organisationId));
    if (!org) throw notFound();
    const rolle = await findRolle(db, body.rolleId);
    if (!rolle) throw notFound();
    if (rolle.rollenart !== "LERN") throw importError("IMPORT_NUR_LERN_AN_SCHULE_ERROR");
    if (!(await ancestorsOrSelf(db, org.id)).includes(rolle.administeredBySchulstrukturknoten)) throw notFound();
    // A LERN role where the organisation's typ takes none: an unmapped domain error upstream (quirk Q12).
    if (!rollenartenFor(org.typ, version).includes("LERN")) throw internalError();
    if (!(await hasRightsAtRoot(db, caller.id, ["IMPORT_DURCHFUEHREN"]))) throw missingPermissions();

    const csv = parseImportCsv(await file.text());
    if (!csv.ok) throw importError(csv.error);
    if (!caller.username) throw notFound();

    const klassen = await klassenNamesBelow(c, org.id);
    const items = csv.rows.map((row, position) => ({
      id: newId(),
      importvorgangId: "",
      position,
      nachname: row.nachname ?? null,
      vorname: row.vorname ?? null,
      klasse: csv.hasKlasse ? (row.klasse ?? "") : null,
      personalnummer: null,
      validationErrors: rowValidationErrors(row, csv.hasKlasse, klassen),
      status: "PENDING",
    }));
    const invalid = items.filter((item) => item.validationErrors.length > 0);
    const now = config.now();
    const id = newId();
    await db.transaction(async (tx) => {
      await tx.insert(importvorgang).values({
        id,
        importByPersonId: caller.id,
        importByUsername: caller.username,
        rolleId: rolle.id,
        rollenname: rolle.name,
        organisationId: org.id,
        organisationsname: org.name || org.kennung || org.id,
        dataItemCount: items.length,
        status: "STARTED",
        createdAt: now,
        updatedAt: now,
      });
      for (let start = 0; start < items.length; start += 500) {
        await tx
          .insert(importDataItem)
          .values(items.slice(start, start + 500).map((item) => ({ ...item, importvorgangId: id, createdAt: now, updatedAt: now })));
      }
      await tx
        .update(importvorgang)
        .set({ status: invalid.length === 0 ? "VALID" : "INVALID" })
        .where(eq(importvorgang.id, id));
    });
    return entityJson(
      c,
      {
        importvorgangId: id,
        isValid: invalid.length === 0,
        totalImportDataItems: items.length,
        totalInvalidImportDataItems: invalid.length,
        invalidImportDataItems: invalid.map((item) => ({
          nachname: item.nachname ?? undefined,
          vorname: item.vorname ?? undefined,
          klasse: item.klasse,
          validationErrors: item.validationErrors,
        })),
      },
      201,
    );
  });

  /**
   * [gold] 204 at once; the persons are created in the background. Pinned: any status, set to INPROGRESS here
   * (quirk Q10). Current: only a VALID import (else 500 IMPORT_ERROR); the job sets INPROGRESS when it starts.
   */
  app.post("/execute", async (c) => {
    const user = requireGold(c);
    const body = parseOrThrow(ImportvorgangByIdBody, await readJsonBody(c));
    const caller = await requireCaller(c, user);
    if (!(await hasRightsAtRoot(c.var.db, caller.id, ["IMPORT_DURCHFUEHREN"]))) throw missingPermissions();
    const vorgang = withIds(await findVorgang(c, body.importvorgangId));
    if (version === "current" && vorgang.status !== "VALID") throw importError("IMPORT_ERROR", 500);
    const { db, config } = c.var;
    const accepted = await db
      .update(importvorgang)
      .set({
        executedByPersonId: caller.id,
        ...(version === "pinned" ? { status: "INPROGRESS" } : {}),
        updatedAt: config.now(),
      })
      .where(and(eq(importvorgang.id, vorgang.id), version === "current" ? eq(importvorgang.status, "VALID") : undefined))
      .returning({ id: importvorgang.id });
    if (accepted.length === 0) throw importError("IMPORT_ERROR", 500);
    publishEvent("ImportExecuted", { importvorgangId: vorgang.id, organisationId: vorgang.organisationId, rolleId: vorgang.rolleId });
    c.var.importJobs.start(vorgang.id);
    return c.body(null, 204);
  });

  /**
   * [gold] The caller's own imports, newest first, all filters AND-combined (header paging, `X-Paging-pageTotal` always
   * 0). Without the root right an empty list, not an error.
   */
  app.get("/history", async (c) => {
    const user = requireGold(c);
    const query = parseOrThrow(ImportHistoryQuery, readQuery(c.req.url, ImportHistoryQuery, version));
    const caller = await requireCaller(c, user);
    const { db } = c.var;
    const setHeaders = (total: number, offset: number, limit: number) => {
      c.header(PAGING_HEADERS.offset, String(offset));
      c.header(PAGING_HEADERS.limit, String(limit));
      c.header(PAGING_HEADERS.total, String(total));
      c.header(PAGING_HEADERS.pageTotal, "0");
    };
    const offset = query.offset ?? 0;
    if (!(await hasRightsAtRoot(db, caller.id, ["IMPORT_DURCHFUEHREN"]))) {
      setHeaders(0, offset, query.limit ?? 0);
      return c.json([]);
    }
    const where = and(
      eq(importvorgang.importByPersonId, caller.id),
      query.status ? eq(importvorgang.status, query.status) : undefined,
      query.rolleIds ? inArray(importvorgang.rolleId, query.rolleIds) : undefined,
      query.organisationIds ? inArray(importvorgang.organisationId, query.organisationIds) : undefined,
    );
    const [{ total }] = await db.select({ total: count() }).from(importvorgang).where(where);
    const page = db.select().from(importvorgang).where(where).orderBy(desc(importvorgang.createdAt), desc(importvorgang.id)).offset(offset);
    const rows = query.limit === undefined ? await page : await page.limit(query.limit);
    setHeaders(total, offset, query.limit ?? rows.length);
    return entityJson(
      c,
      rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        rollenname: row.rollenname,
        organisationsname: row.organisationsname,
        dataItemCount: row.dataItemCount,
        status: row.status,
      })),
    );
  });

  /** [gold] One page (default and at most 100) of all rows, with decrypted start passwords; nothing is deleted. */
  app.get("/importedUsers", async (c) => {
    requireGold(c);
    const query = parseOrThrow(ImportedUsersQuery, readQuery(c.req.url, ImportedUsersQuery, version));
    await importer(c);
    const vorgang = withIds(await findVorgang(c, query.importvorgangId));
    const limit = query.limit ?? IMPORT_RESULT_MAX_LIMIT;
    if (limit > IMPORT_RESULT_MAX_LIMIT) throw importError("IMPORT_RESULT_QUERY_LIMIT_ERROR");
    const { db, config } = c.var;
    const [{ total }] = await db.select({ total: count() }).from(importDataItem).where(eq(importDataItem.importvorgangId, vorgang.id));
    if (total === 0) throw notFound();
    const rows = await db
      .select()
      .from(importDataItem)
      .where(eq(importDataItem.importvorgangId, vorgang.id))
      .orderBy(...resultOrder())
      .offset(query.offset ?? 0)
      .limit(limit);
    return entityJson(c, {
      importvorgandId: vorgang.id,
      rollenname: vorgang.rollenname,
      organisationsname: vorgang.organisationsname,
      importedUsers: rows.map((row) => ({
        klasse: row.klasse,
        vorname: row.vorname,
        nachname: row.nachname,
        benutzername: row.username ?? undefined,
        startpasswort: row.password ? decryptStartPassword(config.importPasswordSecret, row.password) : "",
        status: row.status,
      })),
      total,
      pageTotal: rows.length,
    });
  });

  /** [gold] No right needed. `totalDataItemImported` = rows done (SUCCESS or FAILED); 0 once the rows are gone. */
  app.get("/:importvorgangId/status", async (c) => {
    const user = requireGold(c);
    const { importvorgangId } = parseOrThrow(ImportvorgangByIdParams, { importvorgangId: c.req.param("importvorgangId") });
    await requireCaller(c, user);
    const vorgang = await findVorgang(c, importvorgangId);
    const [{ done }] = await c.var.db
      .select({ done: count() })
      .from(importDataItem)
      .where(and(eq(importDataItem.importvorgangId, vorgang.id), inArray(importDataItem.status, ["SUCCESS", "FAILED"])));
    return c.json({ dataItemCount: vorgang.dataItemCount, status: vorgang.status, totalDataItemImported: done });
  });

  /**
   * [gold] (deprecated) The result as a text file, only for a FINISHED import (else 500 IMPORT_ERROR, quirk Q12); then
   * the import is COMPLETED and its rows (with the start passwords) are deleted.
   */
  app.get("/:importvorgangId/download", async (c) => {
    requireGold(c);
    const { importvorgangId } = parseOrThrow(ImportvorgangByIdParams, { importvorgangId: c.req.param("importvorgangId") });
    await importer(c);
    const vorgang = withIds(await findVorgang(c, importvorgangId));
    if (vorgang.status !== "FINISHED") throw importError("IMPORT_ERROR", 500);
    const { db, config } = c.var;
    const rows = await db
      .select()
      .from(importDataItem)
      .where(eq(importDataItem.importvorgangId, vorgang.id))
      .orderBy(...resultOrder());
    if (rows.length === 0) throw notFound();
    let text: string;
    try {
      text = [
        `Schule:${vorgang.organisationsname} - Rolle:${vorgang.rollenname}`,
        "",
        "Klasse - Vorname - Nachname - Benutzername - Passwort",
        ...rows
          .filter((row) => row.status === "SUCCESS")
          .map(
            (row) =>
              `${row.klasse ?? ""} - ${row.vorname ?? ""} - ${row.nachname ?? ""} - ${row.username ?? ""} - ${
                row.password ? decryptStartPassword(config.importPasswordSecret, row.password) : ""
              }`,
          ),
      ].join("\n");
    } catch {
      await db.update(importvorgang).set({ status: "FAILED", updatedAt: config.now() }).where(eq(importvorgang.id, vorgang.id));
      throw importError("IMPORT_TEXT_FILE_CREATION_ERROR", 500);
    }
    await db.transaction(async (tx) => {
      await tx.delete(importDataItem).where(eq(importDataItem.importvorgangId, vorgang.id));
      await tx.update(importvorgang).set({ status: "COMPLETED", updatedAt: config.now() }).where(eq(importvorgang.id, vorgang.id));
    });
    c.header("Content-Type", "text/plain");
    c.header("Content-Disposition", `attachment; filename="${vorgang.id}_spsh_csv_import_ergebnis.txt"`);
    return c.body(text, 200);
  });

  /**
   * [gold] 204: all rows (and start passwords) deleted; FINISHED → COMPLETED, any other status → CANCELLED. A running
   * job finds no rows left and ends (upstream it would go on, quirk Q10).
   */
  app.delete("/:importvorgangId", async (c) => {
    requireGold(c);
    const { importvorgangId } = parseOrThrow(ImportvorgangByIdParams, { importvorgangId: c.req.param("importvorgangId") });
    await importer(c);
    const vorgang = await findVorgang(c, importvorgangId);
    const { db, config } = c.var;
    await db.transaction(async (tx) => {
      await tx.delete(importDataItem).where(eq(importDataItem.importvorgangId, vorgang.id));
      await tx
        .update(importvorgang)
        .set({
          status: sql`CASE WHEN ${importvorgang.status} = 'FINISHED' THEN 'COMPLETED' ELSE 'CANCELLED' END`,
          updatedAt: config.now(),
        })
        .where(eq(importvorgang.id, vorgang.id));
    });
    return c.body(null, 204);
  });

  return app;
}

type FormValue = string | File | (string | File)[] | undefined;

/** The multipart form; anything else (another content type, a broken body) counts as an empty form. */
async function readForm(c: Context<AppEnv>): Promise<Record<string, FormValue>> {
  const contentType = c.req.header("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) return {};
  try {
    return (await c.req.parseBody({ all: true })) as Record<string, FormValue>;
  } catch {
    return {};
  }
}

/** A text field as the DTO sees it: the value, or the list of values when sent twice (which then fails validation). */
const textField = (value: FormValue): unknown => (value instanceof File ? undefined : value);

/** The names of the classes below the organisation (any depth). */
async function klassenNamesBelow(c: Context<AppEnv>, organisationId: string): Promise<Set<string>> {
  const rows = await c.var.db
    .select({ name: organisation.name })
    .from(organisation)
    .where(
      sql`${organisation.typ} = 'KLASSE' AND ${organisation.id} IN (WITH RECURSIVE tree(id) AS (
        SELECT o.id FROM ${organisation} o WHERE o.administriert_von = ${organisationId}
        UNION
        SELECT o.id FROM ${organisation} o JOIN tree t ON o.administriert_von = t.id
      ) SELECT id FROM tree)`,
    );
  return new Set(rows.map((row) => row.name));
}
