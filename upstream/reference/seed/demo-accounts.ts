import { generate } from "otplib";

/**
 * Demo logins of the reference upstream. Every demo account uses the same documented password; the TOTP secrets are
 * fixed so that `npm run otp -- <username>` and e2e tests can compute the current one-time password.
 */
export const DEMO_PASSWORD = "Schulportal-Demo-2026";

/** username → base32 TOTP secret of the account's software token, or null when the account has no token. */
export const DEMO_ACCOUNTS = {
  landesadmin: "KRUGS4ZANFZSA3DBNZSGK43BMRWWS3QA",
  schuladmin: "ONRWQ5LMMFSG22LOEBTGK3DTMVXGS3TH",
  lehrkraft: "NRSWQ4TLOJQWM5BAMRSW23ZAORXWWZLO",
  schueler: null,
  ohnetoken: null,
  unbekannt: null,
  neulehrkraft: null,
  ersatzadmin: "MVZHGYLUPJZWG2DVNRSSAYLENVUW4IDU",
  angebotsadmin: "MFXGOZLCN52HGYLENVUW4IDUN5VWK3RA",
  traegeradmin: "ORZGCZLHMVZGCZDNNFXCA5DPNNSW4IDY",
  kopers: null,
  liv: "NRUXMIDUN5VWK3RAMRSW23ZAONSWG4TF",
  ohnezuordnung: null,
  schuladminbc: "KNRWQ5LMMFSG22LOEBRGGIDEMVWW6IDC",
  vidisadmin: "OZUWI2LTEBZWG2DVNRQW4Z3FMJXXIZJB",
} as const satisfies Record<string, string | null>;

export type DemoUsername = keyof typeof DEMO_ACCOUNTS;

const isDemoUsername = (value: string): value is DemoUsername => Object.hasOwn(DEMO_ACCOUNTS, value);

/** Current one-time password of a demo account; throws a German message for unknown accounts or accounts without token. */
export async function currentOtp(username: string): Promise<string> {
  if (!isDemoUsername(username)) throw new Error(`Unbekanntes Demo-Konto „${username}“.`);
  const secret = DEMO_ACCOUNTS[username];
  if (!secret) throw new Error(`Das Demo-Konto „${username}“ hat keinen zweiten Faktor (kein Token eingerichtet).`);
  return generate({ secret });
}
