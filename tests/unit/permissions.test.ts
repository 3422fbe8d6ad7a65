import { describe, expect, it } from "vitest";
import { adminNavigation, firstAdminPath, hasPermissions, systemrechteOf } from "~/permissions";

const kontexte = (...rollen: string[][]) => rollen.map((systemrechte) => ({ rolle: { systemrechte } }));

describe("permission flags from systemrechte", () => {
  it("unites the rights of all the user's Personenkontexte", () => {
    const rights = systemrechteOf(kontexte(["KLASSEN_VERWALTEN"], ["PERSONEN_VERWALTEN", "KLASSEN_VERWALTEN"]));
    expect([...rights].sort()).toEqual(["KLASSEN_VERWALTEN", "PERSONEN_VERWALTEN"]);
  });

  it("grants a route only when every listed permission holds", () => {
    const rights = new Set(["PERSONEN_VERWALTEN"]);
    expect(hasPermissions(rights, ["personenverwaltung"])).toBe(true);
    expect(hasPermissions(rights, ["personenverwaltung", "personenanlegen"])).toBe(false);
  });

  it("treats an unknown permission key as not held", () => {
    expect(hasPermissions(new Set(["KLASSEN_VERWALTEN"]), ["klassenverwaltung", "gibtsnicht" as never])).toBe(false);
  });

  it("guards the Schulträger routes with the Schulträger right the upstream checks, not the school right", () => {
    expect(hasPermissions(new Set(["SCHULTRAEGER_VERWALTEN"]), ["schultraegerverwaltung"])).toBe(true);
    expect(hasPermissions(new Set(["SCHULEN_VERWALTEN"]), ["schultraegerverwaltung"])).toBe(false);
  });

  it("shows the Schulträger menu exactly to those the Schulträger routes let in", () => {
    const sections = (rights: string[]) => adminNavigation(new Set(rights)).map((section) => section.label);
    expect(sections(["SCHULTRAEGER_VERWALTEN"])).toContain("nav.schultraeger.section");
    expect(sections(["SCHULEN_VERWALTEN"])).not.toContain("nav.schultraeger.section");
  });
});

describe("admin side navigation", () => {
  it("shows a teacher without admin rights no section at all", () => {
    expect(adminNavigation(new Set())).toEqual([]);
  });

  it("shows a school admin classes and the add-person entries of his own rights only", () => {
    const sections = adminNavigation(new Set(["PERSONEN_VERWALTEN", "KLASSEN_VERWALTEN", "LANDESBEDIENSTETE_SUCHEN_UND_HINZUFUEGEN"]));
    const targets = sections.flatMap((section) => section.entries.map((entry) => entry.to));
    expect(targets).toEqual(["/admin/personen", "/admin/limited/personen/search", "/admin/klassen", "/admin/klassen/new"]);
  });

  it("shows the notices entry only with both portal rights", () => {
    const only = adminNavigation(new Set(["SCHULPORTAL_VERWALTEN"]));
    const both = adminNavigation(new Set(["SCHULPORTAL_VERWALTEN", "HINWEISE_BEARBEITEN"]));
    expect(only).toEqual([]);
    expect(both.at(-1)?.entries).toEqual([{ label: "nav.portal.hinweise", to: "/admin/hinweise/new" }]);
  });

  it("leads the administration tile to persons, else roles, else schools, else classes", () => {
    const allBuilt = new Set(["/admin/personen", "/admin/rollen", "/admin/schulen", "/admin/klassen"]);
    expect(firstAdminPath(new Set(["KLASSEN_VERWALTEN", "PERSONEN_VERWALTEN"]), allBuilt)).toBe("/admin/personen");
    expect(firstAdminPath(new Set(["KLASSEN_VERWALTEN", "ROLLEN_VERWALTEN"]), allBuilt)).toBe("/admin/rollen");
    expect(firstAdminPath(new Set(["KLASSEN_VERWALTEN", "SCHULEN_VERWALTEN"]), allBuilt)).toBe("/admin/schulen");
    expect(firstAdminPath(new Set(["KLASSEN_VERWALTEN"]), allBuilt)).toBe("/admin/klassen");
    expect(firstAdminPath(new Set(), allBuilt)).toBeNull();
  });

  it("leads the tile of an administrator of offers or role extensions to those screens, after the four areas", () => {
    expect(firstAdminPath(new Set(["ANGEBOTE_VERWALTEN", "ROLLEN_ERWEITERN"]))).toBe("/admin/angebote");
    expect(firstAdminPath(new Set(["ROLLEN_ERWEITERN"]))).toBe("/admin/angebote/erweiterbar");
    expect(firstAdminPath(new Set(["ROLLEN_ERWEITERN", "KLASSEN_VERWALTEN"]))).toBe("/admin/klassen");
  });

  it("shows the offers section with the list, the role extension and the new offer each by its own right", () => {
    const targets = (rights: string[], aus?: Set<string>) =>
      adminNavigation(new Set(rights), aus).flatMap((section) => section.entries.map((entry) => entry.to));
    expect(targets(["ANGEBOTE_VERWALTEN"])).toEqual(["/admin/angebote", "/admin/angebote/new"]);
    expect(targets(["ROLLEN_ERWEITERN"])).toEqual(["/admin/angebote/erweiterbar"]);
    expect(targets(["ANGEBOTE_VERWALTEN", "ROLLEN_ERWEITERN"])).toEqual([
      "/admin/angebote",
      "/admin/angebote/erweiterbar",
      "/admin/angebote/new",
    ]);
    // A school's own offers: the restricted right alone opens the new offer, as in the original's menu.
    expect(targets(["ANGEBOTE_EINGESCHRAENKT_VERWALTEN", "ROLLEN_ERWEITERN"])).toEqual([
      "/admin/angebote/erweiterbar",
      "/admin/angebote/new",
    ]);
  });

  it("hides the new offer when the upstream has switched offer creation off", () => {
    const targets = (rights: string[], aus?: Set<string>) =>
      adminNavigation(new Set(rights), aus).flatMap((section) => section.entries.map((entry) => entry.to));
    expect(targets(["ANGEBOTE_VERWALTEN"], new Set(["angeboteErstellen"]))).toEqual(["/admin/angebote"]);
  });

  it("skips areas whose screens are not built yet, so the tile never leads to “not found”", () => {
    const withoutRollen = new Set(["/admin/personen", "/admin/schulen", "/admin/klassen"]);
    expect(firstAdminPath(new Set(["ROLLEN_VERWALTEN", "KLASSEN_VERWALTEN"]), withoutRollen)).toBe("/admin/klassen");
    expect(firstAdminPath(new Set(["ROLLEN_VERWALTEN"]), withoutRollen)).toBeNull();
    // the role screens are built (issue 12): roles come before classes
    expect(firstAdminPath(new Set(["ROLLEN_VERWALTEN", "KLASSEN_VERWALTEN"]))).toBe("/admin/rollen");
    // the person list is built: it comes first
    expect(firstAdminPath(new Set(["PERSONEN_VERWALTEN", "KLASSEN_VERWALTEN"]))).toBe("/admin/personen");
  });
});
