import QRCode from "qrcode";
import { readQrText } from "./qr-lesen.server";
import type { TokenQrCode } from "../views";

const PNG_DATA_URI = /^data:image\/png;base64,([A-Za-z0-9+/=\s]+)$/;
const SHOWN_AS_IS = /^data:image\/(png|gif|jpeg|webp);base64,[A-Za-z0-9+/=\s]+$/;

export async function tokenQrCode(answer: string): Promise<TokenQrCode | null> {
  const trimmed = answer.trim();
  const png = PNG_DATA_URI.exec(trimmed);
  const text = png ? readQrText(Buffer.from(png[1], "base64")) : trimmed.startsWith("otpauth://") ? trimmed : null;
  if (text)
    return { kind: "svg", svg: await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 4 }), ...otpauth(text) };
  return SHOWN_AS_IS.test(trimmed) ? { kind: "image", src: trimmed } : null;
}

/** Key, issuer and account of an otpauth URI (Google Authenticator's key URI format), each null when absent. */
function otpauth(text: string): { secret: string | null; issuer: string | null; account: string | null } {
  try {
    const url = new URL(text);
    if (url.protocol !== "otpauth:") return { secret: null, issuer: null, account: null };
    const label = decodeURIComponent(url.pathname.replace(/^\/+/, ""));
    const [labelIssuer, account] = label.includes(":") ? label.split(/:(.*)/s, 2) : [null, label];
    const secret = url.searchParams.get("secret");
    return {
      secret: secret && /^[A-Z2-7]+=*$/i.test(secret) ? secret.toUpperCase().replace(/=+$/, "") : null,
      issuer: url.searchParams.get("issuer") ?? labelIssuer,
      account: account?.trim() || null,
    };
  } catch {
    return { secret: null, issuer: null, account: null };
  }
}
