import { generate } from "otplib";

/**
 * Second factors of the demo beyond the demo accounts' software tokens (demo-accounts.ts): the token service's pool of
 * hardware tokens, and the tokens of the two-factor e2e journeys' persons (demo-persons.ts). Secrets are fixed, so
 * `npm run otp -- --serial <serial>` and the tests can compute a device's current code. All serials are invented.
 */

export interface DemoHardwareToken {
  serial: string;
  /** Base32 TOTP secret loaded into the device. */
  secret: string;
  /** Username of the person the token is handed out to; absent = in the pool, free. */
  assignedTo?: string;
}

export const HARDWARE_TOKENS: readonly DemoHardwareToken[] = [
  // free devices for trying out the assignment by hand
  { serial: "HW00010001", secret: "TOMU7GWUSVTAQHCAR54FMRO6BOPZTSJZ" },
  { serial: "HW00010002", secret: "Y7SYD5NA23I4QESHWO7XRDWQQKLSE4XJ" },
  { serial: "HW00010003", secret: "TBIICA27RW573YWKSQ7LCBEK34UUK6WI" },
  // handed out: "serial already in use" for everybody else
  { serial: "HW00020001", secret: "NM7A2XN374H2Z3MSTKPAZAU2VV76RVWQ", assignedTo: "mjessen" },
  // the hardware journeys' devices, one per browser project (tests/e2e/zwei-faktor-verwaltung.spec.ts)
  { serial: "HW00030001", secret: "JED2FRS7YA3GAZSSDBQLTOV2FMXMGEYL" },
  { serial: "HW00030002", secret: "7MLLGQ2F3IREDTAZEBWBRE7JQYZTW4BL" },
];

/** The hardware journeys' devices by browser project. */
export const E2E_HARDWARE_SERIALS = { "ohne-js": "HW00030001", "mit-js": "HW00030002" } as const;

/** Software tokens of demo persons (username → base32 secret): the persons whose token the e2e journeys reset. */
export const DEMO_PERSON_SOFTWARE_TOKENS: Readonly<Record<string, string>> = {
  hsteffens: "T53SKX6SXZ4TPDUWHLBJBHVQYMZLYARS",
  tingwersen: "HT7YDV3R76OY6PIFP2SIJE7F5C4XIIBB",
};

/** Current code of a hardware token of the pool; throws a German message for an unknown serial. */
export async function currentHardwareOtp(serial: string): Promise<string> {
  const token = HARDWARE_TOKENS.find((candidate) => candidate.serial === serial);
  if (!token) {
    throw new Error(`Unbekannte Seriennummer „${serial}“. Hardware-Token der Demo: ${HARDWARE_TOKENS.map((t) => t.serial).join(", ")}`);
  }
  return generate({ secret: token.secret });
}
