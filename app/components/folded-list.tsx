import type { ReactNode } from "react";

interface FoldedListProps {
  items: readonly { key: string; label: ReactNode }[];
  /** Up to this many items are listed openly; more fold away. */
  openUpTo: number;
  /** What the cell says when there is nothing to list. */
  empty: string;
  /** The disclosure's summary for a folded list, naming the number of items. */
  summary: string;
}

/**
 * A table cell's list (a Träger's schools, a role's offers, an offer's roles): short lists openly, a long one behind a
 * native disclosure that names its number, which opens by keyboard and works without JavaScript.
 */
export function FoldedList({ items, openUpTo, empty, summary }: FoldedListProps) {
  if (items.length === 0) return <>{empty}</>;
  const list = (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.key}>{item.label}</li>
      ))}
    </ul>
  );
  if (items.length <= openUpTo) return list;
  return (
    <details>
      <summary className="cursor-pointer whitespace-nowrap text-primary underline">{summary}</summary>
      {list}
    </details>
  );
}
