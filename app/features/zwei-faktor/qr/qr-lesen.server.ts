import jsQR from "jsqr";
import { PNG } from "pngjs";

/** A QR code needs no more; a larger image is refused before it is inflated. */
const MAX_PIXELS = 4_000_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The text of the QR code in a PNG (the token service's image, PERSONS.md §2.9.1), or null when the file is no PNG,
 * is broken or too large, or shows no readable code. pngjs reads every colour type and bit depth; jsQR finds and
 * decodes the code, with its Reed-Solomon error correction. CRCs are not checked: the transport did that already.
 */
export function readQrText(bytes: Buffer): string | null {
  const size = declaredSize(bytes);
  if (!size || size.width * size.height > MAX_PIXELS) return null;
  let image: PNG;
  try {
    image = PNG.sync.read(bytes, { checkCRC: false });
  } catch {
    return null;
  }
  const code = jsQR(onWhite(image.data), image.width, image.height, { inversionAttempts: "dontInvert" });
  return code?.data || null;
}

/** Width and height from the IHDR chunk, which the PNG standard puts first. */
function declaredSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** RGBA on a white background: a transparent pixel is the code's light background, whatever colour it carries. */
function onWhite(rgba: Buffer): Uint8ClampedArray {
  const out = new Uint8ClampedArray(rgba.length);
  for (let i = 0; i < rgba.length; i += 4) {
    const alpha = rgba[i + 3];
    for (let c = 0; c < 3; c++) out[i + c] = (rgba[i + c] * alpha + 255 * (255 - alpha)) / 255;
    out[i + 3] = 255;
  }
  return out;
}
