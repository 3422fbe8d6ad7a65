import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        // Brand colours of the portal we replace; contrast checked against white (AA).
        primary: { DEFAULT: "#001e49", light: "#e5eaef" },
        danger: "#b00040",
        warning: "#b35c00",
        accent: "#0f7a6d",
      },
    },
  },
} satisfies Config;
