import { describe, expect, it } from "vitest";
import { FRIST_ID_SHAPE, fristenOf, fristId } from "~/features/fristen/fristen.server";
import { landingNoticesAt, parseLandingNotices, textBlocks } from "~/features/landing/landing-notices.server";
import type { UserinfoResponse } from "../../upstream/contract";

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse("2026-03-10T09:00:00Z");
const inDays = (days: number) => new Date(NOW + days * DAY).toISOString();
type Limits = UserinfoResponse["timeLimits"];

describe("Fristen-Hinweise auf Startseite und Profil", () => {
  it("unter 14 Tagen ist eine Frist dringend, ab 14 Tagen ein Hinweis, nach dem Datum erreicht", () => {
    const limits: Limits = [
      { occasion: "KOPERS", deadline: inDays(6) },
      { occasion: "NO_KONTEXTE", deadline: inDays(14) },
      { occasion: "PERSONENKONTEXT_EXPIRES", deadline: inDays(-1), school: "Grundschule Lindenweg", rolle: "Vertretungslehrkraft" },
    ];
    expect(fristenOf("p-1", limits, [], NOW).map((frist) => frist.dringlichkeit)).toEqual(["dringend", "hinweis", "erreicht"]);
  });

  it("eine Befristung nennt ihren letzten Tag, nicht den Zeitpunkt danach, an dem sie endet", () => {
    // "befristet bis 31.07.2026" is stored as 01.08.2026 00:00 German time.
    const [frist] = fristenOf(
      "p-1",
      [{ occasion: "PERSONENKONTEXT_EXPIRES", deadline: "2026-07-31T22:00:00.000Z", school: "Gymnasium Hafenkante", rolle: "LiV" }],
      [],
      NOW,
    );
    expect(frist).toMatchObject({ datum: "31.07.2026", schule: "Gymnasium Hafenkante", rolle: "LiV" });
    const [kopers] = fristenOf("p-1", [{ occasion: "KOPERS", deadline: "2026-04-01T22:00:00.000Z" }], [], NOW);
    expect(kopers.datum).toBe("02.04.2026");
  });

  it("ausgeblendete Hinweise fehlen; eine neue Frist derselben Zuordnung erscheint wieder, bei anderen Personen bleibt alles", () => {
    const limit = { occasion: "PERSONENKONTEXT_EXPIRES", deadline: inDays(10), school: "Schule", rolle: "LiV" } as const;
    const id = fristId("p-1", limit);
    expect(id).toMatch(FRIST_ID_SHAPE);
    expect(fristenOf("p-1", [limit], [id], NOW)).toEqual([]);
    expect(fristenOf("p-1", [{ ...limit, deadline: inDays(40) }], [id], NOW)).toHaveLength(1);
    expect(fristenOf("p-2", [limit], [id], NOW)).toHaveLength(1);
  });
});

describe("Wartungshinweis und Neuigkeiten der Startseite aus der Konfiguration", () => {
  const spec = {
    MAINTENANCE_FROM: "2024-12-02T00:00+01:00",
    MAINTENANCE_UNTIL: "2024-12-08T18:00+01:00",
    MAINTENANCE_TEXT: "Am 7. und 8. Dezember wird gewartet.",
  };

  it("zeigt den Wartungshinweis nur in seinem Zeitfenster, das Ende ausgeschlossen", () => {
    const config = parseLandingNotices(spec, () => undefined);
    expect(landingNoticesAt(config, Date.parse("2024-12-01T23:59:59+01:00")).wartung).toBeNull();
    expect(landingNoticesAt(config, Date.parse("2024-12-02T00:00:00+01:00")).wartung).toEqual({
      text: [{ kind: "absatz", lines: ["Am 7. und 8. Dezember wird gewartet."] }],
    });
    expect(landingNoticesAt(config, Date.parse("2024-12-08T18:00:00+01:00")).wartung).toBeNull();
  });

  it("ohne Einstellungen gibt es keine Kästen und keine Logzeile", () => {
    const log: string[] = [];
    expect(parseLandingNotices({}, (line) => log.push(line))).toEqual({ wartung: null, neuigkeiten: null });
    expect(log).toEqual([]);
  });

  it.each([
    [{ ...spec, MAINTENANCE_FROM: "02.12.2024" }, "MAINTENANCE_FROM"],
    [{ ...spec, MAINTENANCE_UNTIL: "2024-12-08T18:00" }, "MAINTENANCE_UNTIL"],
    [{ ...spec, MAINTENANCE_UNTIL: "2024-12-01T18:00+01:00" }, "not after"],
    [{ ...spec, MAINTENANCE_TEXT: "  " }, "empty"],
    [{ ...spec, MAINTENANCE_TEXT: "x".repeat(2001) }, "longer"],
  ])("eine unlesbare Einstellung wird mit einer Logzeile übergangen, der Server startet (%#)", (source, why) => {
    const log: string[] = [];
    expect(parseLandingNotices(source, (line) => log.push(line)).wartung).toBeNull();
    expect(log).toHaveLength(1);
    expect(log[0]).toContain(why);
  });

  it("die Neuigkeiten haben einen eigenen Titel, Absätze, eine Liste und nur einen Link ins Web", () => {
    const log: string[] = [];
    const config = parseLandingNotices(
      {
        WHATS_NEW_FROM: "2024-12-12T17:00+01:00",
        WHATS_NEW_UNTIL: "2024-12-20T18:00+01:00",
        WHATS_NEW_TITLE: "Neu in Version 1.1",
        WHATS_NEW_TEXT: "Was sich ändert:\\n- Einmalcodes lassen sich einfügen\\n- Gerätepasswörter im Profil",
        WHATS_NEW_LINK: "javascript:alert(1)",
      },
      (line) => log.push(line),
    );
    expect(landingNoticesAt(config, Date.parse("2024-12-15T12:00:00Z")).neuigkeiten).toEqual({
      title: "Neu in Version 1.1",
      link: null,
      text: [
        { kind: "absatz", lines: ["Was sich ändert:"] },
        { kind: "liste", lines: ["Einmalcodes lassen sich einfügen", "Gerätepasswörter im Profil"] },
      ],
    });
    expect(log).toEqual(["WHATS_NEW_LINK ignored: not an http(s) address"]);
  });

  it("echte Zeilenumbrüche und ausgeschriebene \\n trennen Absätze gleich", () => {
    expect(textBlocks("Eins\nZwei\\nDrei")).toEqual([
      { kind: "absatz", lines: ["Eins"] },
      { kind: "absatz", lines: ["Zwei"] },
      { kind: "absatz", lines: ["Drei"] },
    ]);
  });
});
