import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The portal's own store (docs/decisions/035): one-time tokens spent, and the records of bulk runs. Nothing else, and
 * never a password. Times are strings, so rows look the same through every driver (PGlite, node-postgres, the proxy).
 */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

/** A form's one-time token that was carried out; a second post with it is "already done". */
export const einmal = pgTable("portal_einmal", {
  token: uuid("token").primaryKey(),
  art: text("art").notNull(),
  spentAt: at("spent_at").notNull().defaultNow(),
});

/** A bulk run: who started what, for how many persons, and whether it ended. */
export const lauf = pgTable("portal_lauf", {
  id: uuid("id").primaryKey(),
  adminId: text("admin_id").notNull(),
  aktion: text("aktion").notNull(),
  /** The run's own form values (role, class, …) as a query string: what finishing it needs to do the same. */
  auftrag: text("auftrag").notNull(),
  schule: text("schule"),
  anzahl: integer("anzahl").notNull(),
  startedAt: at("started_at").notNull().defaultNow(),
  /** When the last step ended: a run not ended whose last step is long ago was cut off. */
  updatedAt: at("updated_at").notNull().defaultNow(),
  endedAt: at("ended_at"),
  /** Why the run stopped early when the portal saw it stop (the browser went away, the session ended). */
  abbruch: text("abbruch"),
  /** Set when the rest was finished by a later run, so the run is no longer offered as cut off. */
  fortgesetztVon: uuid("fortgesetzt_von"),
});

/** One person of a run: `offen` until its step ended, then `erledigt`, `unveraendert` or `fehler` (with the code). */
export const laufPerson = pgTable(
  "portal_lauf_person",
  {
    laufId: uuid("lauf_id")
      .notNull()
      .references(() => lauf.id, { onDelete: "cascade" }),
    personId: text("person_id").notNull(),
    position: integer("position").notNull(),
    bezeichnung: text("bezeichnung").notNull(),
    status: text("status", { enum: ["offen", "erledigt", "unveraendert", "fehler"] }).notNull(),
    code: text("code"),
  },
  (table) => [primaryKey({ columns: [table.laufId, table.personId] })],
);
