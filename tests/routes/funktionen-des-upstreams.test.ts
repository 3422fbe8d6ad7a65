import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IDS } from "./support/klassen.ts";
import { startPortal, type Portal } from "./support/portal.ts";

/**
 * What the upstream switches off in `GET /api/config` is not offered, and a post that asks for it anyway gets the
 * not-found page and reaches no write (issue 34 §7). The flags are read once per upstream session.
 */

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal({
    featureFlags: { befristungBearbeitenEnabled: false, setUemPasswordEnabled: false, schulischeAngeboteErstellen: false },
  });
});

afterAll(async () => {
  await portal?.close();
});

const writes = () => portal.upstreamCalls.filter((call) => !call.startsWith("GET "));

describe("Vom Upstream abgeschaltete Funktionen", () => {
  it("die Lehrkraft sieht im Profil kein Gerätepasswort; Frage und Absenden ergeben „nicht gefunden“ ohne Schreiben", async () => {
    const lehrkraft = await portal.loggedIn("lehrkraft", "silver");
    const profil = await lehrkraft.get("/profile");
    expect(profil.status).toBe(200);
    const html = await profil.text();
    expect(html).toContain("Mein Profil");
    expect(html).not.toContain("Gerätepasswort für Ihr Dienstgerät");
    expect((await lehrkraft.get("/profile?geraetepasswort")).status).toBe(404);
    portal.upstreamCalls.length = 0;
    expect((await lehrkraft.postForm("/profile?geraetepasswort", { einmal: randomUUID() })).status).toBe(404);
    expect(writes()).toEqual([]);
  });

  it("die Landesadministratorin bekommt bei den Schulzuordnungen kein „Befristung ändern“; ein Post danach findet nichts", async () => {
    const admin = await portal.loggedIn("landesadmin", "gold");
    const path = `/admin/personen/${DEMO_IDS.personLehrkraft}/zuordnungen`;
    const page = await admin.get(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Schulzuordnung hinzufügen");
    expect(html).not.toContain("Befristung ändern");
    portal.upstreamCalls.length = 0;
    const answer = await admin.postForm(path, { intent: "befristung", aenderungen: "[]", stand: "" });
    expect(answer.status).toBe(404);
    expect(writes()).toEqual([]);
  });

  it("ohne Angebotsbearbeitung bietet die Seite eines Angebots kein Löschen an, und das Absenden findet nichts", async () => {
    const admin = await portal.loggedIn("landesadmin", "gold");
    const html = await (await admin.get(`/admin/angebote/${DEMO_IDS.providerMediathek}`)).text();
    expect(html).toContain("Mediathek Nord");
    expect(html).not.toContain("Angebot löschen");
    portal.upstreamCalls.length = 0;
    expect((await admin.postForm(`/admin/angebote/${DEMO_IDS.providerMediathek}?loeschen`, {})).status).toBe(404);
    expect(writes()).toEqual([]);
  });

  it("ohne Angebotsbearbeitung fehlen „Neues Angebot anlegen“ und „Angebot bearbeiten“; Seiten und Absenden finden nichts", async () => {
    const admin = await portal.loggedIn("landesadmin", "gold");
    const liste = await (await admin.get("/admin/angebote")).text();
    expect(liste).toContain("Alle Angebote");
    expect(liste).not.toContain("Neues Angebot anlegen");
    expect(await (await admin.get(`/admin/angebote/${DEMO_IDS.providerMediathek}`)).text()).not.toContain("Angebot bearbeiten");
    expect((await admin.get("/admin/angebote/new")).status).toBe(404);
    expect((await admin.get(`/admin/angebote/${DEMO_IDS.providerMediathek}/bearbeiten`)).status).toBe(404);
    portal.upstreamCalls.length = 0;
    const neu = { ebene: DEMO_IDS.schuleA, name: "Abgeschaltet", link: "https://example.org/", kategorie: "UNTERRICHT" };
    expect((await admin.postForm("/admin/angebote/new", neu)).status).toBe(404);
    expect((await admin.postForm(`/admin/angebote/${DEMO_IDS.providerMediathek}/bearbeiten`, { ...neu, stand: "x" })).status).toBe(404);
    expect(writes()).toEqual([]);
  });

  it("die Schalter werden einmal je Sitzung gelesen, nicht mit jeder Seite", async () => {
    const lehrkraft = await portal.loggedIn("lehrkraft", "silver");
    const vorher = portal.configCalls();
    await lehrkraft.get("/profile");
    await lehrkraft.get("/profile");
    expect(portal.configCalls() - vorher).toBe(1);
  });
});
