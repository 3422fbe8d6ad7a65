import { useTranslation } from "react-i18next";
import type { SchoolAssignment } from "./views";

/**
 * The profile's "Schulzuordnungen" (inventory §4.6, right column): one entry per school, numbered when there are
 * several, with its roles and classes (each with its Befristung) and whom to ask: the school's administrators.
 */
export function Schulzuordnungen({ assignments }: { assignments: SchoolAssignment[] }) {
  const { t } = useTranslation();
  const line = (entry: SchoolAssignment["rollen"][number]) =>
    entry.befristung ? t("profil:withLimit", { name: entry.name, date: entry.befristung }) : entry.name;
  return (
    <section aria-labelledby="zuordnungen" className="rounded border border-gray-400 p-4">
      <h2 id="zuordnungen" className="mb-3 text-xl font-bold">
        {t("profil:assignments")}
      </h2>
      {assignments.length === 0 ? <p>{t("profil:noAssignments")}</p> : null}
      <ol className={`flex flex-col gap-4 ${assignments.length > 1 ? "list-decimal pl-6" : "list-none"}`}>
        {assignments.map((assignment) => (
          <li key={assignment.id}>
            <h3 className="mb-1 font-bold">{assignment.label}</h3>
            <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr] [&>dd]:mb-2 [&>dd]:break-words sm:[&>dd]:mb-0">
              {assignment.rollen.length > 0 ? (
                <>
                  <dt className="font-semibold">{t("profil:roles", { count: assignment.rollen.length })}</dt>
                  <dd>{assignment.rollen.map(line).join(", ")}</dd>
                </>
              ) : null}
              {assignment.klassen.length > 0 ? (
                <>
                  <dt className="font-semibold">{t("profil:classes", { count: assignment.klassen.length })}</dt>
                  <dd>{assignment.klassen.map(line).join(", ")}</dd>
                </>
              ) : null}
              {assignment.admins.length > 0 ? (
                <>
                  <dt className="font-semibold">{t("profil:admins")}</dt>
                  <dd>{assignment.admins.join(", ")}</dd>
                </>
              ) : null}
            </dl>
          </li>
        ))}
      </ol>
    </section>
  );
}
