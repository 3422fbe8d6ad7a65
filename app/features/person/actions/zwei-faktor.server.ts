import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { ErrorCode } from "~/errors";
import { hardwareTokenSchema } from "~/features/zwei-faktor/zwei-faktor-forms";
import { tokenQrCode } from "~/features/zwei-faktor/qr/qr-code.server";
import { readToken } from "~/features/zwei-faktor/zwei-faktor.server";
import { readFormData } from "~/.server/form-data.server";
import { runOnce } from "~/.server/store/einmal.server";
import { invalidForm, redirectWithToast } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { assignHardwareToken, initSoftwareToken, resetToken } from "~/.server/upstream/zwei-faktor.server";
import type { SoftwareTokenAnswer } from "../zwei-faktor-einrichten-dialog";
import type { TokenResetRefusal } from "../token-zuruecksetzen-dialog";
import { HARDWARE_TOKEN, TOKEN_ZURUECKSETZEN, ZWEI_FAKTOR_EINRICHTEN } from "../dialog-names";
import { loadPerson } from "../person-details.server";
import { CONFIRMATION_FIELD } from "./one-time-password.server";
import type { PersonActionContext, PersonActionHandler } from "./types.server";

/**
 * The two-factor dialogs' posts (inventory §4.8.6). Each reads the person (someone else's person is "not found", as
 * its page) and the token first: a reset needs a token and says which kind went, a set-up needs none – the page may
 * be older than someone else's change.
 */

const statusOf = (failure: UpstreamFailure) => (failure.status >= 500 ? failure.status : 400);
const nameOf = (person: { name: { vorname: string; familienname: string } }) => `${person.name.vorname} ${person.name.familienname}`;

/** Reset: a software token is deleted, a hardware token goes back to the pool; the message says which. */
export const tokenZuruecksetzen: PersonActionHandler = async ({ request, personId, detailsPath }) => {
  const person = await loadPerson(request, personId);
  const name = nameOf(person);
  const { token, error } = await readToken(request, person.id);
  if (!token)
    return data<TokenResetRefusal>({ dialog: TOKEN_ZURUECKSETZEN, error: error ?? "TOKEN_STATE_ERROR", kind: null }, { status: 502 });
  if (!token.hasToken) {
    return redirectWithToast(request, detailsPath, { key: "zweiFaktor:reset.noToken", values: { name }, tone: "info" });
  }
  try {
    await resetToken(request, person.id);
  } catch (failure) {
    if (!(failure instanceof UpstreamFailure)) throw failure;
    return data<TokenResetRefusal>({ dialog: TOKEN_ZURUECKSETZEN, error: failure.code, kind: token.kind }, { status: statusOf(failure) });
  }
  const hardware = token.kind === "hardware";
  return redirectWithToast(request, detailsPath, {
    key: hardware ? "zweiFaktor:reset.doneHardware" : "zweiFaktor:reset.doneSoftware",
    values: { name, serial: token.serial ?? "" },
  });
};

/** Set up: `?zwei-faktor-einrichten=hardware` hands out a hardware token, the dialog's other post a software token. */
export const zweiFaktorEinrichten: PersonActionHandler = async (context) => {
  const { request, personId, detailsPath } = context;
  const person = await loadPerson(request, personId);
  const name = nameOf(person);
  const hardware = new URL(request.url).searchParams.get(ZWEI_FAKTOR_EINRICHTEN) === HARDWARE_TOKEN;
  const formData = await readFormData(request);
  const { token, error } = await readToken(request, person.id);
  if (!token) {
    const code = error ?? "TOKEN_STATE_ERROR";
    if (hardware) return data({ result: parseWithZod(formData, { schema: hardwareTokenSchema }).reply(), error: code }, { status: 502 });
    return data<SoftwareTokenAnswer>({ dialog: ZWEI_FAKTOR_EINRICHTEN, error: code }, { status: 502 });
  }
  if (token.hasToken) {
    return redirectWithToast(request, detailsPath, {
      key: "zweiFaktor:setUp.alreadySetUp",
      values: { name },
      tone: "info",
    });
  }
  const target = { ...context, person: { id: person.id, username: person.username ?? null, name } };
  return hardware ? handOutHardwareToken(target, formData) : generateQrCode(target, formData);
};

type Target = PersonActionContext & { person: { id: string; username: string | null; name: string } };

/**
 * The QR code, once: it travels only in this answer's HTML, which no cache may keep. Without JavaScript reloading the
 * answer posts again; the form's one-time token makes that a notice, not a second code that voids the first.
 */
async function generateQrCode({ request, person }: Target, formData: FormData) {
  const confirmation = formData.get(CONFIRMATION_FIELD);
  let answer: string;
  try {
    // Spent in the shared store first: a second post never makes a second code that voids the first.
    const once = await runOnce(confirmation, "qr-code", () => initSoftwareToken(request, person.id));
    if (!once.ran) return data<SoftwareTokenAnswer>({ dialog: ZWEI_FAKTOR_EINRICHTEN, error: "QR_CODE_ALREADY_SHOWN" }, { status: 409 });
    answer = once.value;
  } catch (failure) {
    if (!(failure instanceof UpstreamFailure)) throw failure;
    return data<SoftwareTokenAnswer>({ dialog: ZWEI_FAKTOR_EINRICHTEN, error: failure.code }, { status: statusOf(failure) });
  }
  const headers = { "Cache-Control": "no-store" };
  const qr = await tokenQrCode(answer);
  if (!qr) {
    console.error("2fa init: the token service's answer is no QR code the portal can show");
    return data<SoftwareTokenAnswer>(
      { dialog: ZWEI_FAKTOR_EINRICHTEN, error: "SOFTWARE_TOKEN_INITIALIZATION_ERROR" },
      { status: 502, headers },
    );
  }
  return data<SoftwareTokenAnswer>({ dialog: ZWEI_FAKTOR_EINRICHTEN, qr }, { headers });
}

/** Serial and the device's code; a refusal keeps the serial and empties the code. */
async function handOutHardwareToken({ request, person, detailsPath }: Target, formData: FormData) {
  const submission = parseWithZod(formData, { schema: hardwareTokenSchema });
  if (submission.status !== "success") return invalidForm(submission);
  const { serial, otp } = submission.value;
  const refused = (code: ErrorCode, status: number) => data({ result: submission.reply({ hideFields: ["otp"] }), error: code }, { status });
  // Without a username the token service knows nobody to give the device to; the original does not ask it either.
  if (!person.username) return refused("HARDWARE_TOKEN_SERVICE_FEHLER", 400);
  try {
    await assignHardwareToken(request, { serial, otp, username: person.username, userId: person.id });
  } catch (failure) {
    if (!(failure instanceof UpstreamFailure)) throw failure;
    return refused(failure.code, statusOf(failure));
  }
  return redirectWithToast(request, detailsPath, {
    key: "zweiFaktor:hardware.done",
    values: { name: person.name, serial },
  });
}
