import { describe, expect, it } from "vitest";
import { preloadModulesAfterFirstPaint } from "~/document/module-preloads.server";

const transformed = (html: string) => preloadModulesAfterFirstPaint(Buffer.from(html, "utf8"), "n0nce").toString("utf8");

const page = [
  '<!DOCTYPE html><html lang="de"><head><link rel="prefetch" as="style" href="/build/_assets/tailwind.css"/></head><body>',
  "<main><h1>Klassen – Übersicht</h1></main>",
  '<link rel="modulepreload" href="/build/entry.client-AB12.js"/><link rel="modulepreload" href="/build/_shared/chunk-CD34.js"/>',
  '<script nonce="n0nce" type="module" async="">import "/build/entry.client-AB12.js";</script>',
  "</body></html>",
].join("");

describe("Skriptmodule werden erst nach dem ersten Bild vorgeladen und gestartet", () => {
  it("macht die modulepreload-Links wirkungslos und lädt dieselben Module nach dem ersten Bild", () => {
    const html = transformed(page);
    expect(html).not.toContain('rel="modulepreload" href');
    // The elements stay where React rendered them, so hydration finds every one of them.
    expect(html).toContain(
      '<link data-preload-after-paint="" href="/build/entry.client-AB12.js"/><link data-preload-after-paint="" href="/build/_shared/chunk-CD34.js"/>',
    );
    expect(html).toContain('["/build/entry.client-AB12.js","/build/_shared/chunk-CD34.js"]');
    expect(html).toContain('<link rel="prefetch" as="style" href="/build/_assets/tailwind.css"/>');
  });

  it("lässt das Modulskript der Seite an seinem Platz ruhen und startet es erst nach dem ersten Bild", () => {
    const html = transformed(page);
    expect(html).not.toContain('type="module" async=""');
    expect(html).toContain(
      '<script nonce="n0nce" type="text/x-after-first-paint" data-start-after-paint="">import "/build/entry.client-AB12.js";</script>',
    );
    const starter = html.slice(html.lastIndexOf('<script nonce="n0nce">'), html.indexOf("</body>"));
    expect(starter).toContain('observe({type:"paint",buffered:true})');
    expect(starter).toContain('script.type="module";script.nonce="n0nce"');
  });

  it("startet die Skripte im Browser nach dem ersten Bild, in einem verborgenen Tab sofort", () => {
    const html = transformed(page);
    const code = html.slice(html.lastIndexOf('<script nonce="n0nce">') + '<script nonce="n0nce">'.length, html.lastIndexOf("</script>"));
    const run = (visibility: "visible" | "hidden") => {
      const added: { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }[] = [];
      let paintObserver: (() => void) | null = null;
      const element = (tag: string) => ({ tag }) as (typeof added)[number];
      const fakeDocument = {
        visibilityState: visibility,
        createElement: element,
        head: { appendChild: (child: (typeof added)[number]) => added.push(child) },
        body: { appendChild: (child: (typeof added)[number]) => added.push(child) },
        querySelector: () => ({ textContent: 'import "/build/entry.client-AB12.js";' }),
      };
      class FakeObserver {
        static supportedEntryTypes = ["paint"];
        constructor(private readonly callback: (list: unknown, observer: FakeObserver) => void) {}
        observe() {
          paintObserver = () => this.callback([], this);
        }
        disconnect() {}
      }
      const timers: (() => void)[] = [];
      const fakeWindow = { PerformanceObserver: FakeObserver };
      new Function("document", "window", "PerformanceObserver", "setTimeout", "requestAnimationFrame", code)(
        fakeDocument,
        fakeWindow,
        FakeObserver,
        (callback: () => void, delay: number) => delay === 0 && timers.push(callback),
        () => {
          throw new Error("nicht erwartet");
        },
      );
      return { added, paint: () => paintObserver?.(), runTimers: () => timers.splice(0).forEach((timer) => timer()) };
    };

    const visible = run("visible");
    expect(visible.added).toEqual([]);
    visible.paint();
    visible.runTimers();
    expect(visible.added.filter((child) => child.rel === "modulepreload").map((child) => child.href)).toEqual([
      "/build/entry.client-AB12.js",
      "/build/_shared/chunk-CD34.js",
    ]);
    expect(visible.added.filter((child) => child.type === "module")).toEqual([
      { tag: "script", type: "module", nonce: "n0nce", textContent: 'import "/build/entry.client-AB12.js";' },
    ]);

    const hidden = run("hidden");
    expect(hidden.added.filter((child) => child.type === "module")).toHaveLength(1);
  });

  it("lässt ein Dokument ohne Skriptmodule unverändert", () => {
    const plain = "<!DOCTYPE html><html><body><main>Seite nicht gefunden</main></body></html>";
    expect(transformed(plain)).toBe(plain);
  });

  it("übernimmt nur Pfade der eigenen Herkunft, nichts, was das Skript beenden könnte", () => {
    const foreign = '<body><link rel="modulepreload" href="https://example.org/x.js"/></body>';
    expect(transformed(foreign)).toBe(foreign);
    const odd = '<body><link rel="modulepreload" href="/build/a</script>.js"/></body>';
    expect(transformed(odd)).toBe(odd);
  });
});
