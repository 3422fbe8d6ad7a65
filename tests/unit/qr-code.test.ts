import { deflateSync } from "node:zlib";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { readQrText } from "~/features/zwei-faktor/qr/qr-lesen.server";
import { tokenQrCode } from "~/features/zwei-faktor/qr/qr-code.server";

/**
 * The QR code of a new software token arrives as the token service's PNG (PERSONS.md §2.9.1); the portal reads the
 * otpauth URI out of it, draws it again as SVG and shows the key. Read exactly, or not at all.
 */

const URI = "otpauth://totp/Schulportal%20SH:hsteffens?secret=T53SKX6SXZ4TPDUWHLBJBHVQYMZLYARS&issuer=Schulportal%20SH";

const pngOf = (dataUri: string) => Buffer.from(dataUri.split(",")[1], "base64");
const read = readQrText;

/** A minimal PNG writer (CRCs left zero: the reader does not check them, a transport did that already). */
function png(width: number, height: number, colorType: number, bitDepth: number, rows: Buffer[], palette?: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colorType;
  const raw = Buffer.concat(rows.map((row) => Buffer.concat([Buffer.from([0]), row])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    ...(palette ? [chunk("PLTE", palette)] : []),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The QR code of `text` as a black-and-white PNG of 1 bit per pixel, as Python's qrcode with PIL writes it. */
function oneBitPng(text: string, scale = 10, border = 4): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = (modules.size + 2 * border) * scale;
  const rows = Array.from({ length: size }, (_, y) => {
    const row = Buffer.alloc(Math.ceil(size / 8), 0xff);
    for (let x = 0; x < size; x++) {
      const [r, c] = [Math.floor(y / scale) - border, Math.floor(x / scale) - border];
      const dark = r >= 0 && c >= 0 && r < modules.size && c < modules.size && modules.get(r, c);
      if (dark) row[x >> 3] &= ~(0x80 >> (x & 7));
    }
    return row;
  });
  return png(size, size, 0, 1, rows);
}

describe("QR-Code des Token-Dienstes lesen", () => {
  it.each(["L", "M", "Q", "H"] as const)(
    "liest, was die qrcode-Bibliothek als PNG schreibt (Stufe %s), auch lange Texte mit vielen Blöcken",
    async (level) => {
      for (const text of [URI, "HELLO WORLD 123", "31415926535897932384", "Grüße aus Kiel ✓", "x".repeat(700)]) {
        expect(read(pngOf(await QRCode.toDataURL(text, { errorCorrectionLevel: level })))).toBe(text);
      }
    },
  );

  it("liest ein PNG mit 1 Bit je Pixel (so zeichnet der Token-Dienst privacyIDEA mit Python)", () => {
    expect(read(oneBitPng(URI))).toBe(URI);
    expect(read(oneBitPng(URI, 3, 2))).toBe(URI);
  });

  it("liest Palettenbilder und Graustufen mit Alphakanal", () => {
    const { modules } = QRCode.create("PALETTE", { errorCorrectionLevel: "L" });
    const scale = 4;
    const size = (modules.size + 8) * scale;
    const dark = (x: number, y: number) => {
      const [r, c] = [Math.floor(y / scale) - 4, Math.floor(x / scale) - 4];
      return r >= 0 && c >= 0 && r < modules.size && c < modules.size && Boolean(modules.get(r, c));
    };
    const paletteRows = Array.from({ length: size }, (_, y) => Buffer.from(Array.from({ length: size }, (_, x) => (dark(x, y) ? 1 : 0))));
    expect(read(png(size, size, 3, 8, paletteRows, Buffer.from([255, 255, 255, 20, 20, 90])))).toBe("PALETTE");
    // transparent background, dark modules opaque black
    const alphaRows = Array.from({ length: size }, (_, y) =>
      Buffer.from(Array.from({ length: size }, (_, x) => (dark(x, y) ? [0, 255] : [0, 0])).flat()),
    );
    expect(read(png(size, size, 4, 8, alphaRows))).toBe("PALETTE");
  });

  it("ein leicht beschädigtes Bild wird korrigiert gelesen, ein zerstörtes ergibt keinen falschen Text, sondern keinen", async () => {
    const { modules } = QRCode.create(URI, { errorCorrectionLevel: "L" });
    // one data module flipped: the Reed-Solomon correction of its block mends it
    const flipped = QRCode.create(URI, { errorCorrectionLevel: "L" }).modules;
    const size = modules.size;
    const [row, column] = [size - 10, size - 3];
    expect(flipped.isReserved(row, column)).toBeFalsy();
    flipped.set(row, column, flipped.get(row, column) ? 0 : 1, false);
    // every third data module of the lower half flipped: far beyond what level L corrects
    const destroyed = QRCode.create(URI, { errorCorrectionLevel: "L" }).modules;
    for (let r = Math.floor(size / 2); r < size; r++)
      for (let c = 0; c < size; c++)
        if (!destroyed.isReserved(r, c) && (r + c) % 3 === 0) destroyed.set(r, c, destroyed.get(r, c) ? 0 : 1, false);
    const grayPng = (matrix: typeof modules) => {
      const scale = 4;
      const total = (size + 8) * scale;
      const rows = Array.from({ length: total }, (_, y) =>
        Buffer.from(
          Array.from({ length: total }, (_, x) => {
            const [r, c] = [Math.floor(y / scale) - 4, Math.floor(x / scale) - 4];
            return r >= 0 && c >= 0 && r < size && c < size && matrix.get(r, c) ? 0 : 255;
          }),
        ),
      );
      return png(total, total, 0, 8, rows);
    };
    expect(read(grayPng(modules))).toBe(URI);
    expect(read(grayPng(flipped))).toBe(URI);
    expect(read(grayPng(destroyed))).toBeNull();
    expect(read(Buffer.from("kein PNG"))).toBeNull();
    expect(read(pngOf(await QRCode.toDataURL(URI)).subarray(0, 200))).toBeNull();
    // a white picture without any code
    expect(
      read(
        png(
          40,
          40,
          0,
          8,
          Array.from({ length: 40 }, () => Buffer.alloc(40, 255)),
        ),
      ),
    ).toBeNull();
  });
});

describe("QR-Code für die Seite", () => {
  it("zeichnet den Code neu als SVG und nennt Schlüssel, Aussteller und Konto", async () => {
    const code = await tokenQrCode(await QRCode.toDataURL(URI));
    expect(code).toMatchObject({ kind: "svg", secret: "T53SKX6SXZ4TPDUWHLBJBHVQYMZLYARS", issuer: "Schulportal SH", account: "hsteffens" });
    expect(code?.kind === "svg" && code.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    // The drawn SVG holds the same code: it is the qrcode library's drawing of exactly this text.
    expect(code?.kind === "svg" && code.svg).toBe(await QRCode.toString(URI, { type: "svg", errorCorrectionLevel: "M", margin: 4 }));
  });

  it("ein Bild, das sich nicht lesen lässt, wird gezeigt, wie es kam; eine otpauth-Adresse direkt gezeichnet; anderes gar nicht", async () => {
    const unreadable = `data:image/png;base64,${png(
      40,
      40,
      0,
      8,
      Array.from({ length: 40 }, () => Buffer.alloc(40, 255)),
    ).toString("base64")}`;
    expect(await tokenQrCode(unreadable)).toEqual({ kind: "image", src: unreadable });
    expect(await tokenQrCode(URI)).toMatchObject({ kind: "svg", secret: "T53SKX6SXZ4TPDUWHLBJBHVQYMZLYARS" });
    expect(await tokenQrCode("<script>alert(1)</script>")).toBeNull();
    expect(await tokenQrCode("data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=")).toBeNull();
  });
});
