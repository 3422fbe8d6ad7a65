import type { ReactNode } from "react";
import { PageMain } from "./page-main";

const TONES = { danger: "border-danger", warning: "border-warning" } as const;

/** A page that consists of one framed message: errors, not found, missing second factor. */
export function NoticePage({ title, tone = "danger", children }: { title: string; tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <PageMain>
      <section aria-labelledby="hinweis-titel" className={`max-w-2xl rounded border-2 p-6 ${TONES[tone]}`}>
        <h1 id="hinweis-titel" className="mb-3 text-2xl font-bold">
          {title}
        </h1>
        {children}
      </section>
    </PageMain>
  );
}
