import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compressedResponse, MIN_COMPRESS_BYTES } from "~/document/compression.server";

const page = Buffer.from(
  `<!DOCTYPE html><html lang="de"><body>${"<tr><td>0710001 (Gemeinschaftsschule am Deich)</td><td>5a</td></tr>".repeat(200)}</body></html>`,
);

function requestWith(acceptEncoding?: string) {
  return new Request("http://portal/admin/klassen", { headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding } });
}

describe("Kompression der Antworten durch das Portal", () => {
  it("wählt Brotli, wenn der Browser es anbietet, sonst gzip, sonst nichts", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding("")).toBe("identity");
    expect(chooseEncoding(null)).toBe("identity");
  });

  it("liefert dem Browser die Seite unverändert zurück, nur kleiner, mit passenden Kopfzeilen", async () => {
    const response = await compressedResponse(requestWith("gzip, deflate, br"), page, {
      status: 200,
      headers: new Headers({ "Content-Type": "text/html" }),
    });
    const sent = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Vary")).toContain("Accept-Encoding");
    expect(Number(response.headers.get("Content-Length"))).toBe(sent.length);
    expect(sent.length).toBeLessThan(page.length / 5);
    expect(brotliDecompressSync(sent).equals(page)).toBe(true);
  });

  it("komprimiert mit gzip für Clients ohne Brotli und behält den Status", async () => {
    const response = await compressedResponse(requestWith("gzip"), page, { status: 404, headers: new Headers() });
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).equals(page)).toBe(true);
  });

  it("lässt kleine Antworten und Clients ohne Accept-Encoding unkomprimiert", async () => {
    const small = Buffer.from("x".repeat(MIN_COMPRESS_BYTES - 1));
    const tiny = await compressedResponse(requestWith("br"), small, { status: 200, headers: new Headers() });
    expect(tiny.headers.get("Content-Encoding")).toBeNull();
    expect(Buffer.from(await tiny.arrayBuffer()).equals(small)).toBe(true);

    const plain = await compressedResponse(requestWith(), page, { status: 200, headers: new Headers() });
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(plain.headers.get("Content-Length")).toBe(String(page.length));
  });
});
