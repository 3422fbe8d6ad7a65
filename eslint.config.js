// ESLint (flat config). `npm run lint` runs it with --max-warnings 0; `npm test` runs that first.
// Formatting is Prettier's job (`npm run format:check`); eslint-config-prettier switches off the rules that would fight it.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import importPlugin from "eslint-plugin-import";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * What app/ shares with the rest of the project like a package, the contract and the texts: imported right after the
 * external packages, before `~/…`.
 */
const SHARED = "{@contract,@contract/**,{../,../../,../../../,../../../../}locales/**}";

/** The reference upstream stands in for a separate service: the portal talks to it over HTTP only. */
const REFERENCE_UPSTREAM = ["**/upstream/reference", "**/upstream/reference/**"];
const REFERENCE_UPSTREAM_MESSAGE =
  "app/ must not import upstream/reference: the portal talks to any upstream over HTTP only (shared shapes live in upstream/contract).";

/** The contract has one spelling in app/: the alias of tsconfig.json. */
const CONTRACT_RELATIVE = {
  group: ["**/upstream/contract", "**/upstream/contract/**"],
  message: "app/ imports the contract as @contract or @contract/<module>.",
};
/** URL → file in one step: a route module is never a library for another module. */
const ROUTES = {
  group: ["~/routes/**", "**/routes/*"],
  message: "Nothing imports a route module; move what is shared into its feature (app/features/<area>/) or the platform.",
};
/** Shared code (the platform, the kit, the hooks, the document) serves every area and knows none. */
const FEATURES = { group: ["~/features/**", "**/features/**"], message: "Shared code never imports a feature (docs/architecture.md §2)." };
/** A component's props are view types of its feature, never a server module's (whose code must not reach the browser). */
const SERVER_MODULES = {
  group: ["**/*.server", "**/*.server.ts", "**/*.server.tsx", "~/.server/**", "**/.server/**"],
  message: "A component imports no server module, not even for a type: put the view type in its feature's views.ts.",
};
const appImports = (...patterns) => [
  "error",
  { patterns: [{ group: REFERENCE_UPSTREAM, message: REFERENCE_UPSTREAM_MESSAGE }, CONTRACT_RELATIVE, ROUTES, ...patterns] },
];

/** Rights are asked through the tables of app/permissions.ts (`can`, `mayOpen`), never one by one. */
const RAW_RIGHTS = [
  {
    selector: "CallExpression[callee.property.name='has'][callee.object.property.name='rights']",
    message: "Use can(user, …) or mayOpen(…) from ~/permissions.",
  },
  {
    selector: "CallExpression[callee.property.name='has'][callee.object.name='rights']",
    message: "Use can(user, …) or mayOpen(…) from ~/permissions.",
  },
];
const REFERENCE_DYNAMIC_IMPORT = {
  selector: "ImportExpression[source.value=/upstream\\u002Freference/]",
  message: REFERENCE_UPSTREAM_MESSAGE,
};
/**
 * Every hook has one home: app/hooks/ for the kit's (and the platform's), a feature's folder for a feature's own. The kit
 * folder holds components, a route stays thin, the document pipeline renders.
 */
const HOOK_MESSAGE =
  "Declare a hook in app/hooks/use-<name>.ts (a kit hook every area may use) or in its feature's folder app/features/<area>/ (a feature's hook), not in components, routes or the document.";
const HOOK_DECLARATIONS = [
  { selector: "FunctionDeclaration[id.name=/^use[A-Z]/]", message: HOOK_MESSAGE },
  {
    selector: "VariableDeclarator[id.name=/^use[A-Z]/][init.type=/^(ArrowFunctionExpression|FunctionExpression)$/]",
    message: HOOK_MESSAGE,
  },
];
const ROUTES_FROM_LIB_MESSAGE =
  "upstream/reference/lib must not import route modules: move what both need into lib/ and import it from the route.";
const ROUTE_FROM_ROUTE_MESSAGE = "A route module must not import another route module: move what both need into upstream/reference/lib/.";

export default tseslint.config(
  {
    ignores: ["build/", "public/build/", ".cache/", "node_modules/", "data/", ".tmp/", "test-results/", "playwright-report/"],
  },
  {
    files: ["**/*.{js,cjs,mjs,ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin },
    rules: {
      // External packages (and the contract and the texts) first, then the app's own modules (`~/…`, with `~/.server/…` last), then
      // relative paths.
      // No blank lines between the groups and no alphabetical order inside them: the code was written that way.
      "import/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"]],
          pathGroups: [
            { pattern: SHARED, group: "external", position: "after" },
            { pattern: "~/.server/**", group: "internal", position: "after" },
            { pattern: "~/**", group: "internal" },
          ],
          pathGroupsExcludedImportTypes: ["builtin"],
          distinctGroup: false,
          "newlines-between": "ignore",
        },
      ],
      "import/first": "error",
      "import/no-duplicates": "error",
      // The portal logs unexpected faults with console.error and hints with console.warn by design; no stray console.log.
      "no-console": ["error", { allow: ["error", "warn"] }],
      // `_name` marks a parameter or binding that is there for its position only.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    extends: [react.configs.flat.recommended, react.configs.flat["jsx-runtime"], jsxA11y.flatConfigs.recommended],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    settings: { react: { version: "detect" } },
    rules: {
      // The two classic rules. The React Compiler rules of the plugin's `recommended` set are left out: the portal does
      // not use the compiler (React 18), and they flag patterns it relies on (a ref read during render in
      // NavigationFocus, Date.now() for a banner's urgency).
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // Types say what a component takes; prop-types would repeat them at run time.
      "react/prop-types": "off",
      "no-restricted-imports": appImports(),
      "no-restricted-syntax": ["error", REFERENCE_DYNAMIC_IMPORT, ...RAW_RIGHTS],
    },
  },
  {
    files: ["app/permissions.ts"],
    rules: { "no-restricted-syntax": ["error", REFERENCE_DYNAMIC_IMPORT] },
  },
  {
    // The platform, the document pipeline, the hooks and the shared modules at app/'s root.
    files: ["app/.server/**", "app/document/**", "app/hooks/**", "app/*.{ts,tsx}"],
    rules: { "no-restricted-imports": appImports(FEATURES) },
  },
  {
    files: ["app/components/**"],
    rules: { "no-restricted-imports": appImports(FEATURES, SERVER_MODULES) },
  },
  {
    // Routes are flat: a sibling import could only be another route.
    files: ["app/routes/**"],
    rules: { "no-restricted-imports": appImports({ group: ["./*"], message: ROUTES.message }) },
  },
  {
    // No hook is declared where components, routes or the document live (the selectors of app/ repeated: a later
    // config replaces a rule's options).
    files: ["app/components/**", "app/routes/**", "app/document/**"],
    rules: { "no-restricted-syntax": ["error", REFERENCE_DYNAMIC_IMPORT, ...RAW_RIGHTS, ...HOOK_DECLARATIONS] },
  },
  {
    files: ["app/features/**/*.tsx"],
    ignores: ["app/features/**/*.server.tsx"],
    rules: { "no-restricted-imports": appImports(SERVER_MODULES) },
  },
  {
    // The form kit places the focus where docs/decisions/010 says: after a post refused without JavaScript, on the
    // error or the first field to correct; on the notice of an interrupted submission. Screens get that by using the
    // kit, so the rule stays on for them; a feature's own components place it the same way (decision 010).
    files: ["app/components/**", "app/features/**/*.tsx"],
    rules: { "jsx-a11y/no-autofocus": "off" },
  },
  {
    // Command-line tools and the stand-in upstream print their progress; tests may log what they measured.
    files: ["scripts/**", "upstream/reference/**", "tests/**"],
    rules: { "no-console": "off" },
  },
  {
    // Rules and helpers live in lib/; route modules only wire them to HTTP. So lib/ never reaches into a route module,
    // and no route module into another (app.ts alone imports them all), which keeps the modules free of import cycles.
    files: ["upstream/reference/lib/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/routes", "**/routes/**"], message: ROUTES_FROM_LIB_MESSAGE }] }],
      "no-restricted-syntax": [
        "error",
        { selector: "ImportExpression[source.value=/(^|\\u002F)routes(\\u002F|$)/]", message: ROUTES_FROM_LIB_MESSAGE },
      ],
    },
  },
  {
    files: ["upstream/reference/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["./*", "../routes", "../routes/**"], message: ROUTE_FROM_ROUTE_MESSAGE }] },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "ImportExpression[source.value=/^\\.\\u002F|^\\.\\.\\u002Froutes(\\u002F|$)/]", message: ROUTE_FROM_ROUTE_MESSAGE },
      ],
    },
  },
  {
    files: ["tests/**/*.tsx"],
    extends: [react.configs.flat.recommended, react.configs.flat["jsx-runtime"]],
    settings: { react: { version: "detect" } },
    rules: { "react/prop-types": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  prettier,
);
