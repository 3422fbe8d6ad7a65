import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The project's own eslint.config.js, applied to code that exists only here.
const eslint = new ESLint({ cwd: process.cwd() });

async function rulesBroken(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

async function messages(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.message);
}

// The first run loads the config, the parser and the plugins: seconds on a busy machine.
beforeAll(() => eslint.lintText("export {};\n", { filePath: "app/beispiel.ts" }), 60_000);

describe("Lint-Regel: das Portal (app/) importiert nie den Referenz-Upstream", () => {
  it.each([
    ["ein Wert", 'import { referenceEnv } from "../../upstream/reference/env.ts";\nexport const port = referenceEnv.port;\n'],
    ["nur ein Typ", 'import type { ReferenceConfig } from "../../upstream/reference/env.ts";\nexport type C = ReferenceConfig;\n'],
    ["ein Weiterexport", 'export { createReferenceApp } from "../../upstream/reference/app.ts";\n'],
    ["der Ordner selbst", 'export * from "../../upstream/reference";\n'],
  ])("%s aus upstream/reference wird abgelehnt", async (_what, code) => {
    expect(await rulesBroken(code, "app/.server/beispiel.server.ts")).toContain("no-restricted-imports");
  });

  it("auch ein dynamischer Import wird abgelehnt", async () => {
    const code = 'export const load = () => import("../upstream/reference/server.ts");\n';
    expect(await rulesBroken(code, "app/beispiel.ts")).toContain("no-restricted-syntax");
  });

  it("der gemeinsame Vertrag (upstream/contract) ist erlaubt, und Tests dürfen den Referenz-Upstream benutzen", async () => {
    const contract = 'import { CSRF_HEADER } from "@contract/csrf";\nexport const header = CSRF_HEADER;\n';
    expect(await rulesBroken(contract, "app/.server/beispiel.server.ts")).toEqual([]);
    const test = 'import { referenceEnv } from "../../upstream/reference/env.ts";\nexport const port = referenceEnv.port;\n';
    expect(await rulesBroken(test, "tests/unit/beispiel.test.ts")).toEqual([]);
  });
});

describe("Lint-Regel: Reihenfolge der Importe wie im Code üblich", () => {
  const ordered = [
    'import { z } from "zod";',
    'import { CSRF_HEADER } from "@contract/csrf";',
    'import errors from "../locales/de/errors.json";',
    'import { pageTitle } from "~/i18n-static";',
    'import { env } from "~/.server/env.server";',
    'import { helper } from "./helper";',
    "export const all = [z, CSRF_HEADER, errors, pageTitle, env, helper];",
  ];

  it("Pakete, Vertrag und Texte, ~/…, ~/.server/…, relative Pfade: keine Meldung", async () => {
    expect(await rulesBroken(ordered.join("\n") + "\n", "app/beispiel.ts")).toEqual([]);
  });

  it("~/.server/… vor ~/… wird gemeldet", async () => {
    const swapped = [ordered[0], ordered[1], ordered[2], ordered[4], ordered[3], ordered[5], ordered[6]];
    expect(await rulesBroken(swapped.join("\n") + "\n", "app/beispiel.ts")).toContain("import/order");
  });
});

describe("Lint-Regel: ein Raum je Bereich", () => {
  const code = (from: string) => `import { x } from "${from}";\nexport const y = x;\n`;

  it("der Vertrag hat in app/ eine Schreibweise: @contract, nie einen relativen Pfad", async () => {
    expect(await rulesBroken(code("../../upstream/contract"), "app/.server/beispiel.server.ts")).toContain("no-restricted-imports");
    expect(await rulesBroken(code("@contract"), "app/.server/beispiel.server.ts")).toEqual([]);
  });

  it("gemeinsamer Code (Plattform, Baukasten, Hooks, Dokument) importiert keinen Bereich", async () => {
    for (const file of [
      "app/.server/beispiel.server.ts",
      "app/components/beispiel.tsx",
      "app/hooks/use-beispiel.ts",
      "app/document/beispiel.ts",
      "app/beispiel.ts",
    ]) {
      expect(await rulesBroken(code("~/features/klassen/klassen.server"), file)).toContain("no-restricted-imports");
    }
    expect(await rulesBroken(code("~/features/klassen/klasse-forms"), "app/features/schulen/beispiel.ts")).toEqual([]);
    expect(await rulesBroken(code("~/features/klassen/klasse-forms"), "app/routes/admin.beispiel.tsx")).toEqual([]);
  });

  it("niemand importiert ein Routenmodul", async () => {
    expect(await rulesBroken(code("~/routes/admin.klassen._index"), "app/features/klassen/beispiel.ts")).toContain("no-restricted-imports");
    expect(await rulesBroken(code("./admin.klassen._index"), "app/routes/admin.beispiel.tsx")).toContain("no-restricted-imports");
  });

  it("eine Komponente importiert kein Servermodul, auch nicht für einen Typ; ein Servermodul und eine Route dürfen es", async () => {
    const typeOnly = 'import type { X } from "./klassen.server";\nexport type Y = X;\n';
    expect(await rulesBroken(typeOnly, "app/features/klassen/beispiel.tsx")).toContain("no-restricted-imports");
    expect(await rulesBroken(code("~/.server/guards.server"), "app/components/beispiel.tsx")).toContain("no-restricted-imports");
    expect(await rulesBroken(typeOnly, "app/features/klassen/beispiel.server.tsx")).toEqual([]);
    expect(await rulesBroken(typeOnly, "app/features/klassen/views.ts")).toEqual([]);
    expect(await rulesBroken(code("~/.server/guards.server"), "app/routes/admin.beispiel.tsx")).toEqual([]);
  });

  it("Rechte fragt nur app/permissions.ts einzeln ab, sonst can(…) oder mayOpen(…)", async () => {
    const raw = 'export const darf = (user: { rights: Set<string> }) => user.rights.has("PERSONEN_SOFORT_LOESCHEN");\n';
    expect(await rulesBroken(raw, "app/features/person/beispiel.server.ts")).toContain("no-restricted-syntax");
    expect(await rulesBroken('export const darf = (rights: Set<string>) => rights.has("X");\n', "app/routes/beispiel.tsx")).toContain(
      "no-restricted-syntax",
    );
    expect(await rulesBroken(raw, "app/permissions.ts")).toEqual([]);
  });
});

describe("Lint-Regel: jeder Hook hat ein Zuhause, app/hooks/ oder seinen Bereich", () => {
  const hookFunction = 'import { useState } from "react";\nexport function useZaehler() {\n  return useState(0);\n}\n';
  const hookArrow = 'import { useState } from "react";\nexport const useZaehler = () => useState(0);\n';
  const home = /app\/hooks\/.*app\/features\/<area>\//;

  it.each([
    ["eine Funktion im Baukasten", hookFunction, "app/components/beispiel.tsx"],
    ["ein Pfeil im Baukasten", hookArrow, "app/components/fields/beispiel.tsx"],
    ["eine Funktion in einer Route", hookFunction, "app/routes/admin.beispiel.tsx"],
    ["ein Pfeil in einer Route", hookArrow, "app/routes/admin.beispiel.tsx"],
    ["ein Pfeil im Dokument", hookArrow, "app/document/beispiel.tsx"],
  ])("%s wird abgelehnt, mit dem Hinweis auf app/hooks/ und den Bereich", async (_what, code, file) => {
    expect(await rulesBroken(code, file)).toEqual(["no-restricted-syntax"]);
    expect((await messages(code, file))[0]).toMatch(home);
  });

  it("in app/hooks/ und im Ordner eines Bereichs ist ein Hook richtig; ein Name wie username ist keiner", async () => {
    expect(await rulesBroken(hookFunction, "app/hooks/use-zaehler.ts")).toEqual([]);
    expect(await rulesBroken(hookArrow, "app/features/klassen/zaehler.tsx")).toEqual([]);
    expect(
      await rulesBroken('export const username = () => "x";\nexport function used() {\n  return 1;\n}\n', "app/routes/beispiel.tsx"),
    ).toEqual([]);
  });

  it("die anderen Regeln der Syntax gelten dort weiter: Rechte einzeln, der Referenz-Upstream dynamisch", async () => {
    const raw = 'export const darf = (rights: Set<string>) => rights.has("X");\n';
    expect(await messages(raw, "app/components/beispiel.tsx")).toEqual(["Use can(user, …) or mayOpen(…) from ~/permissions."]);
    const load = 'export const load = () => import("../../upstream/reference/server.ts");\n';
    expect(await rulesBroken(load, "app/document/beispiel.ts")).toEqual(["no-restricted-syntax"]);
  });
});
