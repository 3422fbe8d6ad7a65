import type { Config } from "tailwindcss";

export default {
  // `.server/` is named on its own: the glob skips dot folders, and the streamed pages there have classes.
  content: ["./app/**/*.{ts,tsx}", "./app/.server/**/*.tsx"],
  // Words of comments and code that are also class names; no component uses them as classes, and every page would
  // carry their rules (`container` alone is five media queries).
  blocklist: ["blur", "container", "filter", "grow", "static", "table", "transform", "visible"],
  theme: {
    extend: {
      colors: {
        // Brand colours of the portal we replace; contrast checked against white (AA).
        primary: { DEFAULT: "#001e49", light: "#e5eaef" },
        // Each tone's light shade is the background of its notices (`Notice`); text on it stays gray-900.
        danger: { DEFAULT: "#b00040", light: "#fdecf1" },
        warning: { DEFAULT: "#b35c00", light: "#fff4e5" },
        accent: { DEFAULT: "#0f7a6d", light: "#e6f4f2" },
      },
    },
  },
} satisfies Config;
