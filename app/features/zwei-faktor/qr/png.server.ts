import { inflateSync } from "node:zlib";

/**
 * A PNG read into "dark or light" per pixel, for reading a QR code the upstream sends as an image (PERSONS.md §2.9.1:
 * a `data:image/png;base64,…` URI). Every colour type and bit depth of the PNG standard, not interlaced; anything else,
 * or a broken file, is null. Transparent pixels count as light (the code's background).
 */
export interface Bitmap {
  width: number;
  height: number;
  isDark(x: number, y: number): boolean;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A QR code needs no more; a larger image is refused before it is inflated. */
const MAX_PIXELS = 4_000_000;
const CHANNELS: Partial<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface Header {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  channels: number;
}

export function readPng(bytes: Buffer): Bitmap | null {
  if (bytes.length < SIGNATURE.length || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return null;
  let header: Header | null = null;
  let palette: Buffer | null = null;
  const compressed: Buffer[] = [];
  for (let offset = SIGNATURE.length; offset + 12 <= bytes.length;) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (data.length !== length) return null;
    offset += 12 + length;
    if (type === "IHDR") {
      header = readHeader(data);
      if (!header) return null;
    } else if (type === "PLTE") palette = data;
    else if (type === "IDAT") compressed.push(data);
    else if (type === "IEND") break;
  }
  if (!header || compressed.length === 0 || (header.colorType === 3 && !palette)) return null;
  const { width, height, bitDepth, channels } = header;
  const bitsPerPixel = bitDepth * channels;
  const stride = Math.ceil((width * bitsPerPixel) / 8);
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(compressed), { maxOutputLength: (stride + 1) * height });
  } catch {
    return null;
  }
  const pixels = unfilter(raw, stride, height, Math.max(1, bitsPerPixel >> 3));
  if (!pixels) return null;

  /** One channel's value: the palette index for palette images, otherwise scaled to 0…1 (16 bits: the high byte). */
  const sample = (x: number, y: number, channel: number): number => {
    const bit = (x * channels + channel) * bitDepth;
    const byte = pixels[y * stride + (bit >> 3)];
    const depth = Math.min(bitDepth, 8);
    const value = depth === 8 ? byte : (byte >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
    return header.colorType === 3 ? value : value / ((1 << depth) - 1);
  };
  const luminance = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

  const isDark = (x: number, y: number): boolean => {
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
    switch (header.colorType) {
      case 0:
        return sample(x, y, 0) < 0.5;
      case 2:
        return luminance(sample(x, y, 0), sample(x, y, 1), sample(x, y, 2)) < 0.5;
      case 3: {
        const index = sample(x, y, 0) * 3;
        if (!palette || index + 2 >= palette.length) return false;
        return luminance(palette[index] / 255, palette[index + 1] / 255, palette[index + 2] / 255) < 0.5;
      }
      case 4:
        return sample(x, y, 1) >= 0.5 && sample(x, y, 0) < 0.5;
      default:
        return sample(x, y, 3) >= 0.5 && luminance(sample(x, y, 0), sample(x, y, 1), sample(x, y, 2)) < 0.5;
    }
  };
  return { width, height, isDark };
}

function readHeader(data: Buffer): Header | null {
  if (data.length < 13) return null;
  const width = data.readUInt32BE(0);
  const height = data.readUInt32BE(4);
  const [bitDepth, colorType, compression, filter, interlace] = [data[8], data[9], data[10], data[11], data[12]];
  const channels = CHANNELS[colorType];
  if (!channels || compression !== 0 || filter !== 0 || interlace !== 0) return null;
  if (width === 0 || height === 0 || width * height > MAX_PIXELS) return null;
  const depths = colorType === 0 ? [1, 2, 4, 8, 16] : colorType === 3 ? [1, 2, 4, 8] : [8, 16];
  if (!depths.includes(bitDepth)) return null;
  return { width, height, bitDepth, colorType, channels };
}

/** Undoes the per-row filters (PNG §9). */
function unfilter(raw: Buffer, stride: number, height: number, bytesPerPixel: number): Uint8Array | null {
  if (raw.length < (stride + 1) * height) return null;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    for (let i = 0; i < stride; i++) {
      const left = i >= bytesPerPixel ? out[row + i - bytesPerPixel] : 0;
      const up = y > 0 ? out[row - stride + i] : 0;
      const upLeft = y > 0 && i >= bytesPerPixel ? out[row - stride + i - bytesPerPixel] : 0;
      let predictor: number;
      switch (filter) {
        case 0:
          predictor = 0;
          break;
        case 1:
          predictor = left;
          break;
        case 2:
          predictor = up;
          break;
        case 3:
          predictor = (left + up) >> 1;
          break;
        case 4:
          predictor = paeth(left, up, upLeft);
          break;
        default:
          return null;
      }
      out[row + i] = (raw[source + i] + predictor) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}
