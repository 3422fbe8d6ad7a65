import type { Kodierung } from "./personenimport";

/**
 * Reads a CSV file as a spreadsheet program saved it: UTF-8 with or without byte order mark, UTF-16 with one, or the
 * single-byte encodings of German Windows and older programs. The portal decodes it on the server, so umlauts and ß
 * survive without any script in the browser, and hands the upstream UTF-8, the only encoding it reads.
 */

export interface GeleseneDatei {
  text: string;
  kodierung: Kodierung;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

export function readCsvDatei(bytes: Uint8Array): GeleseneDatei {
  if (startsWith(bytes, UTF8_BOM)) return { text: decode("utf-8", bytes.subarray(3)), kodierung: "utf-8-bom" };
  if (startsWith(bytes, [0xff, 0xfe])) return { text: decode("utf-16le", bytes.subarray(2)), kodierung: "utf-16le" };
  if (startsWith(bytes, [0xfe, 0xff])) return { text: decode("utf-16be", bytes.subarray(2)), kodierung: "utf-16be" };
  try {
    // A single-byte text with umlauts is practically never valid UTF-8, so strict UTF-8 decides.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), kodierung: "utf-8" };
  } catch {
    // Both single-byte encodings agree on every letter outside 0x80–0x9F, where ISO-8859-1 has only control
    // characters and Windows-1252 has „“–€ and the like: a byte there means Windows-1252.
    const kodierung = bytes.some((byte) => byte >= 0x80 && byte <= 0x9f) ? "windows-1252" : "iso-8859-1";
    return { text: decodeWindows1252(bytes), kodierung };
  }
}

// Windows-1252's letters and signs at 0x80–0x9F (undefined bytes stay as the control characters ISO-8859-1 has).
const WINDOWS_1252_80_9F = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

/**
 * Node's TextDecoder reads "windows-1252" as ISO-8859-1 (0x80 becomes a control character instead of €), so the
 * bytes are mapped here: every byte is its own code point, except the block where Windows-1252 has its extras.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(
      ...Array.from(chunk, (byte) => (byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_80_9F.charCodeAt(byte - 0x80) : byte)),
    );
  }
  return text;
}

function decode(label: string, bytes: Uint8Array): string {
  return new TextDecoder(label).decode(bytes);
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}
