import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SchulAuswahl } from "~/features/schultraeger/schulen-auswahl";
import { SpeicherMeldung, type SpeicherMeldungProps } from "~/features/schultraeger/speicher-meldung";
import { LEERES_ERGEBNIS } from "~/features/schultraeger/vormerkung";
import { byTag, textOf } from "./support/markup";
import { renderHtml } from "./support/render";

// What the page shows of a save's answer and of its choices (decision 020), as the server renders it.
const hydration = vi.hoisted(() => ({ on: false }));
vi.mock("~/hooks/use-hydrated", () => ({ useHydrated: () => hydration.on }));
afterEach(() => {
  hydration.on = false;
});

const id = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const meldung = (answer: SpeicherMeldungProps) => textOf(renderHtml(createElement(SpeicherMeldung, { answer })));

describe("die Meldung nach dem Speichern", () => {
  it("wurde nichts gespeichert, sagt die Überschrift das, statt „nicht alle“", () => {
    const keine = meldung({
      antwort: "ergebnis",
      ergebnis: { ...LEERES_ERGEBNIS, uebersprungen: [{ id: id(1), label: "A", art: "hinzu", grund: "andererTraeger" }] },
    });
    expect(keine).toContain("Keine Änderung wurde gespeichert");
    expect(keine).not.toContain("Nicht alle");
    const teils = meldung({
      antwort: "ergebnis",
      ergebnis: {
        ...LEERES_ERGEBNIS,
        gespeichert: [{ id: id(2), label: "B", art: "hinzu" }],
        uebersprungen: [{ id: id(1), label: "A", art: "hinzu", grund: "andererTraeger" }],
      },
    });
    expect(teils).toContain("Nicht alle Änderungen wurden gespeichert");
  });

  it("was schon so war, zählt nicht als gespeichert, sondern wird als „bereits so“ genannt", () => {
    const text = meldung({
      antwort: "ergebnis",
      ergebnis: {
        ...LEERES_ERGEBNIS,
        gespeichert: [{ id: id(2), label: "B", art: "hinzu" }],
        bereits: [{ id: id(3), label: "C", art: "weg" }],
        fehlgeschlagen: [{ id: id(4), label: "D", art: "hinzu", code: "SCHULTRAEGER_ERROR" }],
      },
    });
    expect(text).toContain("Gespeichert (1)");
    expect(text).toContain("War bereits so, nichts zu tun (1)");
    expect(text).toContain("C war bereits entfernt");
  });

  it("ein unterbrochenes Speichern nennt, was gespeichert ist und was vorgemerkt bleibt", () => {
    const text = meldung({
      antwort: "abgebrochen",
      grund: "fehler",
      ergebnis: { ...LEERES_ERGEBNIS, gespeichert: [{ id: id(2), label: "B", art: "hinzu" }] },
      offen: [
        { id: id(5), label: "E", art: "hinzu" },
        { id: id(6), label: "F", art: "weg" },
      ],
    });
    expect(text).toContain("Das Speichern wurde unterbrochen");
    expect(text).toContain("Gespeichert (1)");
    expect(text).toContain("Nicht gespeichert, weiter vorgemerkt (2)");
    expect(text).toContain("E zuordnen");
    expect(text).toContain("F entfernen");
  });
});

describe("die Auswahl an der Grenze von 200 Änderungen", () => {
  it("nur die angekreuzten Schulen lassen sich noch ändern, die übrigen sind gesperrt und sagen warum", () => {
    const html = renderHtml(
      createElement(SchulAuswahl, {
        legend: "Gefundene Schulen",
        name: "hinzu",
        schulen: [
          { id: id(1), label: "A" },
          { id: id(2), label: "B" },
        ],
        checked: new Set([id(1)]),
        gesperrt: new Set([id(1)]),
      }),
    );
    const [a, b] = byTag(html, "input");
    expect(a.attrs.disabled).toBeUndefined();
    expect(b.attrs.disabled).toBeDefined();
    expect(b.attrs["aria-describedby"]).toBe("vorschau-grenze");
    const frei = renderHtml(
      createElement(SchulAuswahl, {
        legend: "Gefundene Schulen",
        name: "hinzu",
        schulen: [{ id: id(2), label: "B" }],
        checked: new Set<string>(),
      }),
    );
    expect(byTag(frei, "input")[0].attrs.disabled).toBeUndefined();
  });
});
