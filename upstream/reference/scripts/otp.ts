import { DEMO_ACCOUNTS, currentOtp } from "../seed/demo-accounts.ts";

/** `npm run otp -- <benutzername>` prints the current one-time password of a demo account. */
async function main() {
  const username = process.argv[2];
  if (!username) {
    const withToken = Object.entries(DEMO_ACCOUNTS)
      .filter(([, secret]) => secret)
      .map(([name]) => name);
    console.error(`Bitte einen Benutzernamen angeben, z. B. „npm run otp -- landesadmin“.\nKonten mit Token: ${withToken.join(", ")}`);
    process.exitCode = 1;
    return;
  }
  try {
    console.log(await currentOtp(username));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}

void main();
