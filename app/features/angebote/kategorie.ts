import type { TranslationKey } from "~/i18n";

const KATEGORIE_LABELS: Record<string, TranslationKey> = {
  EMAIL: "start.kategorie.EMAIL",
  UNTERRICHT: "start.kategorie.UNTERRICHT",
  VERWALTUNG: "start.kategorie.VERWALTUNG",
  HINWEISE: "start.kategorie.HINWEISE",
  SCHULISCH: "start.kategorie.SCHULISCH",
  ANGEBOTE: "start.kategorie.ANGEBOTE",
};

/** The category's label of the start page; a category of a later upstream version gets the neutral one. */
export function kategorieLabel(kategorie: string | null | undefined): TranslationKey {
  return (kategorie && KATEGORIE_LABELS[kategorie]) || "start.kategorie.SONSTIGE";
}
