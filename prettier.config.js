// Prettier: `npm run format` writes, `npm run format:check` (part of `npm test`) checks.
// The width is what the code was written to (140 changed the fewest lines of 100–160); the rest are Prettier's
// defaults, spelled out because the code follows them: double quotes, semicolons, trailing commas.
/** @type {import("prettier").Config} */
export default {
  printWidth: 140,
  semi: true,
  singleQuote: false,
  trailingComma: "all",
  // Template literals stay as written: the reference upstream's html`…` pages would otherwise be reindented and
  // rewritten (`<meta …>` to `<meta … />`), which changes what it serves.
  embeddedLanguageFormatting: "off",
};
