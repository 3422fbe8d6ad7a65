import { CATEGORY_COLOURS, placeholderLogo } from "./logos.ts";

/**
 * The fake VIDIS (reference only): what the VIDIS API would list as a school's activated offers
 * (`/o/vidis-rest/v1.0/offers/activated/by-school/DE-SH-<Kennung>`), reduced to the fields the upstream's sync reads.
 * `offerLogo` is base64, optionally as a data URI, like VIDIS sends it; the sync takes the type from the URI or the bytes.
 */
export interface VidisAngebot {
  offerId: number;
  offerTitle: string;
  offerLink: string;
  offerLogo?: string;
}

/** Kennung of the demo VIDIS school, "Gymnasium Kranichwiese" (`DEMO_IDS.schuleVidis`). */
export const VIDIS_SCHULE_KENNUNG = "0710085";

const logoOf = (title: string) => `data:image/svg+xml;base64,${placeholderLogo(title, CATEGORY_COLOURS.ANGEBOTE).toString("base64")}`;

/** The VIDIS offer the demo data already took over at the VIDIS school (`DEMO_IDS.providerVidis`). */
export const VIDIS_VOKABELTRAINER: VidisAngebot = {
  offerId: 80421,
  offerTitle: "Vokabeltrainer Möwe",
  offerLink: "https://vokabeln.vidis.example/",
  offerLogo: logoOf("Vokabeltrainer Möwe"),
};

/**
 * Demo content: the VIDIS school activated two offers; one is in the demo data already, the other arrives with the
 * first sync. Both names sort after "Mediathek Nord", so the demo offers' pages of five keep their first three pages.
 */
export const DEMO_VIDIS_ANGEBOTE: Readonly<Record<string, readonly VidisAngebot[]>> = {
  [VIDIS_SCHULE_KENNUNG]: [
    VIDIS_VOKABELTRAINER,
    {
      offerId: 80422,
      offerTitle: "Wattenmeer-Atlas",
      offerLink: "https://wattatlas.vidis.example/",
      offerLogo: logoOf("Wattenmeer-Atlas"),
    },
  ],
};
