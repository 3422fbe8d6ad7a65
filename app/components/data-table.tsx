import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * A table that scrolls sideways inside its own box, so a narrow screen never scrolls the whole page (WCAG 1.4.10
 * Reflow). The caption names the table and, while it overflows, the scroll box: a focusable region, so keyboard
 * users can scroll it with the arrow keys. Use it for every list.
 */
export function DataTable({ caption, children }: { caption: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <ScrollBox labelledBy={captionId}>
      <table className="w-full border-collapse text-left">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </ScrollBox>
  );
}

/**
 * Without JavaScript nobody can measure whether the content overflows, so the server's HTML is always a focusable
 * region; in the browser it becomes one only while the content is wider than the box (no extra tab stop otherwise).
 */
function ScrollBox({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [overflows, setOverflows] = useState(true);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setOverflows(box.scrollWidth > box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    // The table changes its width with its rows (paging, filters) while the box keeps its own.
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);

  const scrollable = !hydrated || overflows;
  return (
    <div
      ref={ref}
      // The shadow at an edge says there is more to that side (a table wider than the content area).
      className="scroll-cue-x overflow-x-auto"
      role={scrollable ? "region" : undefined}
      aria-labelledby={scrollable ? labelledBy : undefined}
      tabIndex={scrollable ? 0 : undefined}
    >
      {children}
    </div>
  );
}

/** A plain column's name; a number column is aligned to the right, as its cells are. */
export type ColumnHeader = string | { label: string; align: "right" };

/**
 * The plain header cells of a table's header row (`<th scope="col">`), in order. A sortable column is a `SortHeader`
 * and a list screen's table a `ListTable`; this is for the tables written out by hand.
 */
export function ColumnHeaders({ columns }: { columns: readonly ColumnHeader[] }) {
  return (
    <>
      {columns.map((column, index) => (
        <th key={index} scope="col" className={typeof column === "string" ? "p-2" : "p-2 text-right"}>
          {typeof column === "string" ? column : column.label}
        </th>
      ))}
    </>
  );
}
