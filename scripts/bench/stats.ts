/** Nearest-rank percentile: reports a time that was actually measured, no interpolation. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const median = (values: readonly number[]) => percentile(values, 50);

export const formatMs = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : "–");

/** SI kilobytes (1 kB = 1000 B), the unit the budget is written in. */
export const formatKb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
