/**
 * The order German users expect in person lists (DIN 5007-1, dictionary order), as the reference upstream sorts
 * (its `german_sort_key`, db/migrations/0000_init.sql): case and diacritics do not count, ä sorts as a, ß as ss.
 */
export function germanSortKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")
    .replace(/ł/g, "l")
    .replace(/đ/g, "d")
    .replace(/ı/g, "i")
    .normalize("NFD")
    .replace(/\p{M}/gu, "");
}

export const germanOrder = (a: string, b: string) => {
  const [x, y] = [germanSortKey(a), germanSortKey(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};
