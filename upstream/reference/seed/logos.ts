/**
 * Placeholder logos drawn for the reference server: a rounded square in a category colour with the provider's
 * initials. Generated as SVG text so no binary assets need to be shipped.
 */
const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function initials(name: string): string {
  const words = name.split(/[\s.-]+/).filter((word) => /[A-Za-zÄÖÜäöü0-9]/.test(word));
  const letters = words.length > 1 ? words.slice(0, 2).map((word) => word[0]) : [name.slice(0, 2)];
  return letters.join("").toUpperCase();
}

export function placeholderLogo(name: string, colour: string): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${escapeXml(name)}">
<rect width="64" height="64" rx="14" fill="${colour}"/>
<circle cx="50" cy="14" r="6" fill="#ffffff" fill-opacity="0.35"/>
<text x="32" y="41" font-family="Arial, Helvetica, sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="#ffffff">${escapeXml(initials(name))}</text>
</svg>`;
  return Buffer.from(svg, "utf8");
}

export const CATEGORY_COLOURS = {
  EMAIL: "#1e4f8c",
  UNTERRICHT: "#2f6b2f",
  VERWALTUNG: "#6b3a8c",
  HINWEISE: "#8c4a12",
  ANGEBOTE: "#0f5f66",
} as const;
