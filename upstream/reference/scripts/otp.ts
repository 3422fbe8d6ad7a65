import { DEMO_ACCOUNTS, currentOtp } from "../seed/demo-accounts.ts";
import { HARDWARE_TOKENS, currentHardwareOtp } from "../seed/zwei-faktor.ts";

/**
 * `npm run otp -- <benutzername>` prints the current one-time password of a demo account;
 * `npm run otp -- --serial <seriennummer>` the one a hardware token of the demo's pool shows right now.
 */
async function main() {
  const [first, second] = process.argv.slice(2);
  if (!first || (first === "--serial" && !second)) {
    const withToken = Object.entries(DEMO_ACCOUNTS)
      .filter(([, secret]) => secret)
      .map(([name]) => name);
    console.error(
      "Bitte einen Benutzernamen angeben, z. B. „npm run otp -- landesadmin“, oder eine Seriennummer, z. B. " +
        `„npm run otp -- --serial ${HARDWARE_TOKENS[0].serial}“.\nKonten mit Token: ${withToken.join(", ")}\n` +
        `Hardware-Token: ${HARDWARE_TOKENS.map((token) => token.serial).join(", ")}`,
    );
    process.exitCode = 1;
    return;
  }
  try {
    console.log(first === "--serial" ? await currentHardwareOtp(second) : await currentOtp(first));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}

void main();
