/** Plain-text table with a header rule; first column left-aligned, the figures right-aligned. */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  const rule = widths.map((width) => "─".repeat(width)).join("  ");
  return [line(header), rule, ...rows.map(line)].join("\n");
}
