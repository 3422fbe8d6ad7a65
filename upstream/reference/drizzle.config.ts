import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate --config upstream/reference/drizzle.config.ts` writes a new migration after schema edits.
export default defineConfig({
  dialect: "postgresql",
  schema: "./upstream/reference/db/schema.ts",
  out: "./upstream/reference/db/migrations",
});
