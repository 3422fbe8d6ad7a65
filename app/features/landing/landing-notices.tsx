import { useTranslation } from "react-i18next";
import { Notice } from "~/components/notice";

interface TextBlock {
  kind: "absatz" | "liste";
  lines: string[];
}

/** The configured text of a notice: paragraphs and lists, as plain text (never HTML from the configuration). */
function Text({ blocks }: { blocks: TextBlock[] }) {
  return blocks.map((block, index) =>
    block.kind === "liste" ? (
      <ul key={index} className="my-1 list-disc pl-6">
        {block.lines.map((line, item) => (
          <li key={item}>{line}</li>
        ))}
      </ul>
    ) : (
      block.lines.map((line, paragraph) => (
        <p key={`${index}-${paragraph}`} className="my-1">
          {line}
        </p>
      ))
    ),
  );
}

/**
 * The landing page's configured maintenance notice and what's-new box (`landing-notices.server.ts`), each a
 * region with its own heading, part of the page as it loads (no live region).
 */
export function LandingNotices({
  wartung,
  neuigkeiten,
}: {
  wartung: { text: TextBlock[] } | null;
  neuigkeiten: { title: string | null; text: TextBlock[]; link: string | null } | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {wartung ? (
        <section aria-labelledby="wartung-titel" className="w-full text-left">
          <Notice tone="error">
            <h2 id="wartung-titel" className="font-bold">
              {t("portalseiten:wartung.titel")}
            </h2>
            <Text blocks={wartung.text} />
          </Notice>
        </section>
      ) : null}
      {neuigkeiten ? (
        <section aria-labelledby="neuigkeiten-titel" className="w-full text-left">
          <Notice tone="info">
            <h2 id="neuigkeiten-titel" className="font-bold">
              {neuigkeiten.title ?? t("portalseiten:wartung.neuigkeitenTitel")}
            </h2>
            <Text blocks={neuigkeiten.text} />
            {neuigkeiten.link ? (
              <a href={neuigkeiten.link} className="text-primary underline">
                {t("portalseiten:wartung.mehrErfahren")}
              </a>
            ) : null}
          </Notice>
        </section>
      ) : null}
    </>
  );
}
