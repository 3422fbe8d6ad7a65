import QRCode from "qrcode";
import { EC_BLOCKS, EC_CODEWORDS } from "./ec-tabellen.server";
import type { Bitmap } from "./png.server";

/**
 * Reads the text of a QR code from a clean, machine-made image: upright, square modules, a light quiet zone – what a
 * token service renders, not a photo. The portal needs the text (the otpauth URI of a new software token) to draw the
 * code itself as SVG and to show the key for typing it in. Every error-correction block is checked with its
 * Reed–Solomon code words; an image that does not read exactly is null, never a wrong text.
 */
export function readQrCode(bitmap: Bitmap): string | null {
  const grid = sampleModules(bitmap);
  if (!grid) return null;
  const format = readFormat(grid);
  if (!format) return null;
  const version = (grid.size - 17) / 4;
  const reference = referenceSymbol(version, format.level, format.mask);
  if (!reference) return null;
  const codewords = readCodewords(grid, reference, format.mask);
  const data = correctBlocks(codewords, version, format.level);
  return data ? readSegments(data, version) : null;
}

interface ModuleGrid {
  size: number;
  dark(row: number, column: number): boolean;
}

/** The module grid: the dark area's bounds, the module size from the top left finder pattern (7 modules wide). */
function sampleModules(bitmap: Bitmap): ModuleGrid | null {
  let [left, top, right, bottom] = [bitmap.width, bitmap.height, -1, -1];
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      if (!bitmap.isDark(x, y)) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (right < 0) return null;
  let run = 0;
  while (left + run <= right && bitmap.isDark(left + run, top)) run++;
  const moduleSize = run / 7;
  const width = right - left + 1;
  const size = Math.round(width / moduleSize);
  if (moduleSize < 1 || size < 21 || size > 177 || (size - 17) % 4 !== 0) return null;
  if (Math.abs(size * moduleSize - width) > moduleSize / 2 || Math.abs(bottom - top + 1 - width) > moduleSize / 2) return null;
  const at = (start: number, index: number) => Math.floor(start + (index + 0.5) * moduleSize);
  return { size, dark: (row, column) => bitmap.isDark(at(left, column), at(top, row)) };
}

const LEVELS = ["L", "M", "Q", "H"] as const;
type Level = (typeof LEVELS)[number];
/** The two level bits of the format information (ISO/IEC 18004 table 12). */
const LEVEL_BITS: Record<Level, number> = { L: 1, M: 0, Q: 3, H: 2 };

/** The 15 format bits of level and mask: BCH(15,5) code, masked with 101010000010010. */
function formatBits(level: Level, mask: number): number {
  const data = (LEVEL_BITS[level] << 3) | mask;
  let remainder = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (remainder & (1 << bit)) remainder ^= 0x537 << (bit - 10);
  return ((data << 10) | remainder) ^ 0x5412;
}

/** Level and mask from both copies of the format bits, the nearest valid word within three wrong bits. */
function readFormat(grid: ModuleGrid): { level: Level; mask: number } | null {
  const { size } = grid;
  let first = 0;
  let second = 0;
  for (let i = 0; i < 15; i++) {
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    const column = i < 8 ? size - i - 1 : i < 9 ? 15 - i : 14 - i;
    if (grid.dark(row, 8)) first |= 1 << i;
    if (grid.dark(8, column)) second |= 1 << i;
  }
  let best: { level: Level; mask: number; distance: number } | null = null;
  for (const level of LEVELS) {
    for (let mask = 0; mask < 8; mask++) {
      const bits = formatBits(level, mask);
      const distance = Math.min(popcount(bits ^ first), popcount(bits ^ second));
      if (!best || distance < best.distance) best = { level, mask, distance };
    }
  }
  return best && best.distance <= 3 ? { level: best.level, mask: best.mask } : null;
}

const popcount = (value: number) => value.toString(2).replaceAll("0", "").length;

/** A symbol of the same version, level and mask: which modules are finder, timing, alignment, format and version. */
function referenceSymbol(version: number, level: Level, mask: number) {
  try {
    return QRCode.create("0", { version, errorCorrectionLevel: level, maskPattern: mask as QRCode.QRCodeMaskPattern }).modules;
  } catch {
    return null;
  }
}

/** The mask patterns (ISO/IEC 18004 table 10): true where a data module is inverted. */
const MASKS: ReadonlyArray<(row: number, column: number) => boolean> = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

/** The code words in placement order: two-module columns from the right, up and down in turn, column 6 skipped. */
function readCodewords(grid: ModuleGrid, reference: QRCode.BitMatrix, mask: number): number[] {
  const { size } = grid;
  const codewords: number[] = [];
  let current = 0;
  let bits = 0;
  let upward = true;
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right--;
    for (let step = 0; step < size; step++) {
      const row = upward ? size - 1 - step : step;
      for (const column of [right, right - 1]) {
        if (reference.isReserved(row, column)) continue;
        const bit = grid.dark(row, column) !== MASKS[mask](row, column);
        current = (current << 1) | (bit ? 1 : 0);
        if (++bits === 8) {
          codewords.push(current);
          [current, bits] = [0, 0];
        }
      }
    }
    upward = !upward;
  }
  return codewords;
}

/**
 * Splits the interleaved code words into their blocks (shorter blocks first, one data word more in the longer ones),
 * checks each block's Reed–Solomon code, and returns the data words in order; null when any block is not intact.
 */
function correctBlocks(codewords: number[], version: number, level: Level): number[] | null {
  const index = (version - 1) * 4 + LEVELS.indexOf(level);
  const blockCount = EC_BLOCKS[index];
  const ecTotal = EC_CODEWORDS[index];
  const total = codewords.length;
  const ecPerBlock = ecTotal / blockCount;
  const dataTotal = total - ecTotal;
  const longBlocks = dataTotal % blockCount;
  const shortData = Math.floor(dataTotal / blockCount);
  const blocks = Array.from({ length: blockCount }, (_, block) => ({
    data: [] as number[],
    ec: [] as number[],
    dataLength: shortData + (block >= blockCount - longBlocks ? 1 : 0),
  }));
  let position = 0;
  for (let i = 0; i <= shortData; i++) {
    for (const block of blocks) if (i < block.dataLength) block.data.push(codewords[position++]);
  }
  for (let i = 0; i < ecPerBlock; i++) for (const block of blocks) block.ec.push(codewords[position++]);
  if (position !== total) return null;
  if (!blocks.every((block) => reedSolomonIntact([...block.data, ...block.ec], ecPerBlock))) return null;
  return blocks.flatMap((block) => block.data);
}

/** GF(256) with the QR code's polynomial x^8 + x^4 + x^3 + x^2 + 1. */
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
{
  let value = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = value;
    LOG[value] = i;
    value <<= 1;
    if (value & 0x100) value ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255];
}

/** All syndromes zero: the code word polynomial vanishes at α^0 … α^(ec−1), the generator's roots. */
function reedSolomonIntact(word: number[], ecCount: number): boolean {
  for (let j = 0; j < ecCount; j++) {
    let syndrome = 0;
    for (const coefficient of word) syndrome = (syndrome === 0 ? 0 : EXP[LOG[syndrome] + j]) ^ coefficient;
    if (syndrome !== 0) return false;
  }
  return true;
}

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";

/** The text of the data words: numeric, alphanumeric and byte segments (UTF-8), ECI markers skipped; Kanji is null. */
function readSegments(data: number[], version: number): string | null {
  let position = 0;
  const available = data.length * 8;
  const read = (count: number): number | null => {
    if (position + count > available) return null;
    let value = 0;
    for (let i = 0; i < count; i++, position++) value = (value << 1) | ((data[position >> 3] >> (7 - (position & 7))) & 1);
    return value;
  };
  const countBits = (small: number, medium: number, large: number) => (version < 10 ? small : version < 27 ? medium : large);
  const bytes: number[] = [];
  const text = (value: string) => bytes.push(...Buffer.from(value, "latin1"));
  while (position + 4 <= available) {
    const mode = read(4);
    if (mode === 0 || mode === null) break;
    if (mode === 7) {
      // ECI: the designator is 1, 2 or 3 bytes long, told by its leading bits; the text stays UTF-8 or ASCII here.
      const first = read(8);
      if (first === null) return null;
      if ((first & 0x80) !== 0 && read((first & 0x40) === 0 ? 8 : 16) === null) return null;
      continue;
    }
    const count = read(mode === 1 ? countBits(10, 12, 14) : mode === 2 ? countBits(9, 11, 13) : mode === 4 ? countBits(8, 16, 16) : 0);
    if (count === null || ![1, 2, 4].includes(mode)) return null;
    if (mode === 4) {
      for (let i = 0; i < count; i++) {
        const byte = read(8);
        if (byte === null) return null;
        bytes.push(byte);
      }
    } else if (mode === 2) {
      for (let i = 0; i + 1 < count; i += 2) {
        const pair = read(11);
        if (pair === null || pair >= 45 * 45) return null;
        text(ALPHANUMERIC[Math.floor(pair / 45)] + ALPHANUMERIC[pair % 45]);
      }
      if (count % 2 === 1) {
        const single = read(6);
        if (single === null || single >= 45) return null;
        text(ALPHANUMERIC[single]);
      }
    } else {
      for (let left = count; left > 0; left -= 3) {
        const digits = Math.min(left, 3);
        const value = read(digits === 3 ? 10 : digits === 2 ? 7 : 4);
        if (value === null || value >= 10 ** digits) return null;
        text(String(value).padStart(digits, "0"));
      }
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}
