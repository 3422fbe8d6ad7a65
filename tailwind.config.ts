import type { Config } from "tailwindcss";

export default {
  // app/.server is named on its own: a glob skips folders whose name starts with a dot, and the bulk run's page
  // (app/.server/mehrfach/seite.server.tsx) has classes of its own.
  content: ["./app/**/*.{ts,tsx}", "./app/.server/**/*.{ts,tsx}"],
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
