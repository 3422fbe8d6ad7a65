/**
 * Reading a form post. Every action's guard reads the body through here before anything else happens, so a body
 * that is not a form (JSON, text, XML, a broken multipart stream, NUL bytes) is refused with a 4xx and a German
 * text in one place, instead of failing deep inside an action with a 500.
 */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
// Forms of the portal are small; the CSV import is the largest upload the spec knows.
const MAX_BODY_BYTES = 10 * 1024 * 1024;

const parsedForms = new WeakMap<Request, FormData>();

export function formRefusal(status: number, code: string): Response {
  return new Response(JSON.stringify({ code }), { status, headers: { "Content-Type": "application/json" } });
}

/** The read in progress per request: a guard and a page's early reads may ask for the body at the same time. */
const formReads = new WeakMap<Request, Promise<FormData>>();

export function readFormData(request: Request): Promise<FormData> {
  let read = formReads.get(request);
  if (!read) {
    read = parseForm(request);
    formReads.set(request, read);
  }
  return read;
}

async function parseForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.has(type)) throw formRefusal(415, "FORM_ENCODING_UNSUPPORTED");
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_BODY_BYTES) throw formRefusal(413, "FORM_TOO_LARGE");

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw formRefusal(400, "FORM_UNREADABLE");
  }
  const normalized = new FormData();
  for (const [name, value] of form) {
    // No field of the upstream accepts control characters; NUL bytes would make its database fail.
    if (hasNul(name) || (typeof value === "string" && hasNul(value))) throw formRefusal(400, "FORM_INVALID_CHARACTERS");
    // One spelling of each letter: "ü" typed as u + combining diaeresis is the same name as the precomposed "ü", so
    // the upstream's exact comparisons (names unique, searches) see them as equal. Files stay as they were sent.
    normalized.append(name, typeof value === "string" ? value.normalize("NFC") : value);
  }
  parsedForms.set(request, normalized);
  return normalized;
}

/** The form of this request if it has been read already (for the login redirect of an interrupted post). */
export function submittedForm(request: Request): FormData | undefined {
  return parsedForms.get(request);
}

function hasNul(text: string): boolean {
  return text.includes("\u0000");
}

/** A posted field's text, for the steps that read fields before any schema does; null when absent or a file. */
export function fieldText(source: FormData | Record<string, unknown>, name: string): string | null {
  const value = source instanceof FormData ? source.get(name) : source[name];
  return typeof value === "string" ? value : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id as the upstream writes them; anything else (a crafted or old form) counts as not chosen. */
export function asUuid(value: unknown): string | undefined {
  return typeof value === "string" && UUID.test(value) ? value : undefined;
}

/** The pressed button's `intent` when it is one the action knows; null for a crafted post or an older page's form. */
export function postedIntent<Intent extends string>(formData: FormData, intents: readonly Intent[]): Intent | null {
  const value = formData.get("intent");
  return (intents as readonly unknown[]).includes(value) ? (value as Intent) : null;
}
