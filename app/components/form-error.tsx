import { useTranslation } from "react-i18next";
import { errorMessageKey, errorTitleKey } from "~/errors";
import { StepUpLoginLink } from "./step-up-login-link";

/** A form-level error: an upstream error code shown as German title and message. */
export function FormError({ id, code }: { id: string; code?: string | null }) {
  const { t } = useTranslation();
  return (
    <div id={id} role="alert" tabIndex={-1}>
      {code ? (
        <div className="mb-4 rounded border-l-4 border-danger bg-[#fdecf1] p-3">
          <p className="font-bold">{t(errorTitleKey(code))}</p>
          <p>{t(errorMessageKey(code))}</p>
          {code === "REQUIRED_STEP_UP_LEVEL_NOT_MET" ? <StepUpLoginLink className="btn-primary mt-3" /> : null}
        </div>
      ) : null}
    </div>
  );
}
