import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * "Load the current state" after someone else's save: a document load of `to`, so the form starts again from what is
 * stored now and the typed input is discarded (an edit form's conflict message offers it).
 */
export function ReloadLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mt-2">
      <Link to={to} reloadDocument className="text-primary underline">
        {children}
      </Link>
    </p>
  );
}
