import { describe, expect, it } from "vitest";
import { preloadModulesAfterFirstPaint } from "~/.server/module-preloads.server";

const transformed = (html: string) => preloadModulesAfterFirstPaint(Buffer.from(html, "utf8"), "n0nce").toString("utf8");

const page = [
  '<!DOCTYPE html><html lang="de"><head><link rel="prefetch" as="style" href="/build/_assets/tailwind.css"/></head><body>',
  "<main><h1>Klassen – Übersicht</h1></main>",
  '<link rel="modulepreload" href="/build/entry.client-AB12.js"/><link rel="modulepreload" href="/build/_shared/chunk-CD34.js"/>',
  '<script nonce="n0nce" type="module" async="">import "/build/entry.client-AB12.js";</script>',
  "</body></html>",
].join("");

describe("Skriptmodule werden erst nach dem ersten Bild vorgeladen", () => {
  it("macht die modulepreload-Links wirkungslos und lädt dieselben Module nach dem ersten Bild", () => {
    const html = transformed(page);
    expect(html).not.toContain('rel="modulepreload" href');
    // The elements stay where React rendered them, so hydration finds every one of them.
    expect(html).toContain(
      '<link data-preload-after-paint="" href="/build/entry.client-AB12.js"/><link data-preload-after-paint="" href="/build/_shared/chunk-CD34.js"/>',
    );
    expect(html).toContain('<script nonce="n0nce">requestAnimationFrame(');
    expect(html).toContain('["/build/entry.client-AB12.js","/build/_shared/chunk-CD34.js"]');
    // The page's own module script and everything else stay as they were.
    expect(html).toContain('<script nonce="n0nce" type="module" async="">import "/build/entry.client-AB12.js";</script>');
    expect(html).toContain('<link rel="prefetch" as="style" href="/build/_assets/tailwind.css"/>');
    expect(html.indexOf("requestAnimationFrame")).toBeLessThan(html.indexOf("</body>"));
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
