import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { ErrorCode } from "~/errors";
import { FORM_ID_FIELD } from "~/hooks/use-form-busy";
import { returnPathFrom } from "~/return-path";
import { myTwoFactor } from "~/features/profil/profil.server";
import type { CurrentUser } from "~/.server/auth.server";
import { readFormData } from "~/.server/form-data.server";
import { notFound } from "~/.server/guards.server";
import { runOnce } from "~/.server/store/einmal.server";
import { redirectWithToast } from "~/.server/responses.server";
import { UpstreamFailure } from "~/.server/upstream/client.server";
import { initSoftwareToken, verifySoftwareToken } from "~/.server/upstream/zwei-faktor.server";
import { tokenQrCode } from "./qr/qr-code.server";
import { EINMALPASSWORT_FORM, einmalpasswortSchema } from "./zwei-faktor-forms";
import type { SetupAnswer } from "./views";

/**
 * Setting up one's own software token (inventory §4.6.1, PERSONS §2.9.1–2): an introduction, the QR code with its key,
 * then the app's first code. The portal keeps nothing between the steps: the token service holds the pending token
 * from `init` on, so `verify` needs only the code. The QR code travels once, in the answer to its post (no-store);
 * a wrong code leaves the token pending and is simply entered again, and a new QR code replaces the pending one.
 */

const CONFIRMATION_FIELD = "einmal";

/** Where the set-up leads back to: the page the user wanted (a portal page, not the API), else the profile. */
export function setupTarget(request: Request): string {
  const target = returnPathFrom(new URL(request.url).searchParams, "/profile");
  return target === "/api" || target.startsWith("/api/") || target.startsWith("/api?") ? "/profile" : target;
}

/**
 * The user's token state, for the page and before every post. Not required (no offer of the user's roles asks for a
 * second factor) is the not-found page, as the profile shows no two-factor card then; a token already there sends the
 * user on; an unknown state is shown with its reason.
 */
export async function requireSetupPossible(request: Request, user: CurrentUser): Promise<{ error: ErrorCode | null }> {
  const twoFactor = await myTwoFactor(request, user.personId);
  if (!twoFactor) throw notFound();
  if (twoFactor.state?.hasToken) {
    throw await redirectWithToast(request, setupTarget(request), { key: "zweiFaktor:self.alreadySetUp", tone: "info" });
  }
  return { error: twoFactor.error };
}

const statusOf = (failure: UpstreamFailure) => (failure.status >= 500 ? failure.status : 400);

export async function setupAction(request: Request, user: CurrentUser) {
  const formData = await readFormData(request);
  await requireSetupPossible(request, user);
  return formData.get(FORM_ID_FIELD) === EINMALPASSWORT_FORM ? verify(request, user, formData) : createQrCode(request, user, formData);
}

/**
 * A new pending token and its QR code. Without JavaScript reloading the answer posts again: the form's one-time token
 * makes that a notice and the code form, so the token the user may already have scanned stays the pending one.
 */
async function createQrCode(request: Request, user: CurrentUser, formData: FormData) {
  const confirmation = formData.get(CONFIRMATION_FIELD);
  let answer: string;
  try {
    // Spent in the shared store first: a second post never makes a second code that voids the first.
    const once = await runOnce(confirmation, "qr-code", () => initSoftwareToken(request, user.personId));
    if (!once.ran) return data<SetupAnswer>({ step: "code", alreadyShown: true }, { status: 409 });
    answer = once.value;
  } catch (failure) {
    if (!(failure instanceof UpstreamFailure)) throw failure;
    return data<SetupAnswer>({ step: "start", error: failure.code }, { status: statusOf(failure) });
  }
  const headers = { "Cache-Control": "no-store" };
  const qr = await tokenQrCode(answer);
  if (!qr) {
    console.error("2fa init (self): the token service's answer is no QR code the portal can show");
    return data<SetupAnswer>({ step: "start", error: "SOFTWARE_TOKEN_INITIALIZATION_ERROR" }, { status: 502, headers });
  }
  return data<SetupAnswer>({ step: "code", qr }, { headers });
}

/** The app's first code: right, the user goes on to the page he wanted; wrong, he enters it again (the field emptied). */
async function verify(request: Request, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: einmalpasswortSchema });
  if (submission.status !== "success") {
    return data<SetupAnswer>({ step: "code", result: submission.reply({ hideFields: ["otp"] }), error: null }, { status: 400 });
  }
  try {
    await verifySoftwareToken(request, { personId: user.personId, otp: submission.value.otp });
  } catch (failure) {
    if (!(failure instanceof UpstreamFailure)) throw failure;
    return data<SetupAnswer>(
      { step: "code", result: submission.reply({ hideFields: ["otp"] }), error: failure.code },
      { status: statusOf(failure) },
    );
  }
  // The target asks for the new second factor itself (its guard sends the user to the login's one-time password).
  return redirectWithToast(request, setupTarget(request), { key: "zweiFaktor:self.done" });
}

export const newConfirmation = () => ({ [CONFIRMATION_FIELD]: crypto.randomUUID() });
