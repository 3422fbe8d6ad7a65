import type { CookieJar } from "./cookie-jar.ts";
import type { CountingProxy, ProxiedCall } from "./counting-proxy.ts";

/** One step of creating a person, as a browser without JavaScript takes it: a page or a form post. */
export interface CreateStep {
  label: string;
  ms: number;
  calls: ProxiedCall[];
}

interface CreateFlowInput {
  portalOrigin: string;
  jar: CookieJar;
  proxy: CountingProxy;
  /** The organisation and the role chosen (a role that is offered there). */
  organisation: string;
  rolle: string;
}

const PATH = "/admin/personen/new";

/**
 * Creates one teacher through `/admin/personen/new` (issue 9): the form, the organisation chosen ("Auswahl
 * aktualisieren"), the role chosen, "anlegen". Each step is timed and its upstream calls recorded, so the delay
 * measurement shows what a whole create costs with a slow upstream and how many waves each step needs.
 */
export async function measureCreateFlow(input: CreateFlowInput): Promise<CreateStep[]> {
  const steps: CreateStep[] = [];
  const step = async (label: string, body: Record<string, string> | null, expect: RegExp) => {
    input.proxy.reset();
    const started = performance.now();
    const response = await fetch(new URL(PATH, input.portalOrigin), {
      method: body ? "POST" : "GET",
      headers: {
        Accept: "text/html",
        Cookie: input.jar.header(),
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded", Origin: input.portalOrigin } : {}),
      },
      body: body ? new URLSearchParams(body) : undefined,
      redirect: "manual",
    });
    const html = await response.text();
    const ms = performance.now() - started;
    input.jar.store(response);
    await input.proxy.idle();
    if (response.status !== 200 || !expect.test(html)) {
      throw new Error(`Anlegen, Schritt „${label}“: ${response.status}, erwartet ${expect} (${html.length} B).`);
    }
    steps.push({ label, ms, calls: [...input.proxy.calls] });
    return html;
  };

  const form = await step("Formular", null, /name="einmal"/);
  const einmal = /name="einmal" value="([^"]+)"/.exec(form)?.[1];
  if (!einmal) throw new Error("Anlegen: kein Einmal-Schlüssel im Formular.");
  const chosen = { einmal, organisation: input.organisation, vorherigeOrganisation: input.organisation };
  await step("Organisation gewählt", { ...chosen, vorherigeOrganisation: "", intent: "aktualisieren" }, /name="rollen"/);
  await step("Rolle gewählt", { ...chosen, rollen: input.rolle, intent: "aktualisieren" }, /name="vorname"/);
  await step(
    "angelegt",
    {
      ...chosen,
      rollen: input.rolle,
      vorname: "Bernd",
      familienname: `Messlauf${lettersOf(Date.now())}`,
      "befristung.art": "unbefristet",
      ohneKopers: "on",
      intent: "anlegen",
    },
    /wurde erfolgreich/,
  );
  return steps;
}

/** A number in letters (names have no digits): each run creates a person of its own. */
function lettersOf(value: number): string {
  return [...String(value)].map((digit) => "abcdefghij"[Number(digit)]).join("");
}
