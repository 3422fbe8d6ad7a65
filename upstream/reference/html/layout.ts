import { type TextKey, type TextValues, plainText } from "./texts.ts";

/**
 * Tiny HTML helpers for the embedded IdP pages. No template engine, no client scripts: every value that may come
 * from a user passes through `escapeHtml`, and pages are composed from already-escaped fragments (`SafeHtml`).
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Tagged template: interpolated strings are escaped, SafeHtml fragments (and arrays of them) are inserted as is. */
export function html(
  strings: TemplateStringsArray,
  ...values: Array<string | number | SafeHtml | SafeHtml[] | null | undefined | false>
): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    if (value instanceof SafeHtml) out += value.value;
    else if (Array.isArray(value)) out += value.map((item) => item.value).join("");
    else if (value !== null && value !== undefined && value !== false) out += escapeHtml(String(value));
    out += strings[index + 1] ?? "";
  });
  return new SafeHtml(out);
}

/** A text of locales/de/reference-upstream.json for a page: template and interpolated values are HTML-escaped. */
export function text(key: TextKey, values: TextValues = {}): SafeHtml {
  return new SafeHtml(escapeHtml(plainText(key, values)));
}

const STYLESHEET_PATH = "/api/auth/idp/styles.css";

/** Strict policy: no scripts at all, styles and form posts only from the same origin (reached via the portal proxy). */
export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  "Cache-Control": "no-store",
};

/** The page frame; the title text serves as document title and as the page's <h1>. */
export function page(options: { title: TextKey; body: SafeHtml }): string {
  return `<!DOCTYPE html>${
    html`<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text("layout.documentTitle", { page: plainText(options.title) })}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<header class="brand"><p>${text("layout.brand")}</p></header>
<main>
<h1>${text(options.title)}</h1>
${options.body}
</main>
</body>
</html>`.value
  }`;
}

/** One labelled input; when `errorId` is set the field is marked invalid and points at the alert text. */
export function field(options: {
  id: string;
  label: SafeHtml;
  type?: "text" | "password";
  autocomplete: string;
  value?: string;
  errorId?: string;
  numeric?: boolean;
  autofocus?: boolean;
  hint?: SafeHtml;
}): SafeHtml {
  const hintId = options.hint ? `${options.id}-hint` : undefined;
  const describedBy = [options.errorId, hintId].filter(Boolean).join(" ");
  return html`<div class="field">
<label for="${options.id}">${options.label}</label>
${options.hint ? html`<p class="hint" id="${hintId ?? ""}">${options.hint}</p>` : null}
<input id="${options.id}" name="${options.id}" type="${options.type ?? "text"}" autocomplete="${options.autocomplete}" required${
    options.numeric ? html` inputmode="numeric" pattern="[0-9]*" maxlength="6"` : null
  }${options.value !== undefined ? html` value="${options.value}"` : null}${
    describedBy ? html` aria-describedby="${describedBy}"` : null
  }${options.errorId ? html` aria-invalid="true"` : null}${options.autofocus ? html` autofocus` : null}>
</div>`;
}

export function alertBox(id: string, message: SafeHtml | undefined): SafeHtml | null {
  return message ? html`<p class="alert" id="${id}" role="alert">${message}</p>` : null;
}

export const STYLESHEET = `
*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; font-size: 100%; color: #1a1a1a; background: #f3f4f6; }
body { margin: 0; line-height: 1.5; }
.brand { background: #0b3d91; color: #ffffff; padding: 0.75rem 1.5rem; }
.brand p { margin: 0; font-weight: 600; }
main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem 2rem; background: #ffffff; border: 1px solid #6b7280; border-radius: 0.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
p { margin: 0 0 1rem; }
.field { margin-bottom: 1rem; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
.hint { font-size: 0.9rem; color: #374151; margin: 0 0 0.25rem; }
input { width: 100%; padding: 0.5rem 0.75rem; font-size: 1rem; color: #1a1a1a; background: #ffffff; border: 2px solid #4b5563; border-radius: 0.25rem; }
input[aria-invalid="true"] { border-color: #b00020; }
.alert { color: #8a0019; background: #fdecee; border: 2px solid #b00020; border-radius: 0.25rem; padding: 0.5rem 0.75rem; font-weight: 600; }
.info { background: #eef2ff; border: 1px solid #3730a3; border-radius: 0.25rem; padding: 0.5rem 0.75rem; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; margin-top: 1.25rem; }
button { font: inherit; font-weight: 600; padding: 0.5rem 1.25rem; border-radius: 0.25rem; border: 2px solid #0b3d91; cursor: pointer; }
button.primary { background: #0b3d91; color: #ffffff; }
button.secondary { background: #ffffff; color: #0b3d91; }
a { color: #0b3d91; text-decoration: underline; }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #c2410c; outline-offset: 2px; }
input:focus { border-color: #0b3d91; }
`;
