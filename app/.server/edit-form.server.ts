import { redirectWithToast } from "./responses.server";

/**
 * The answer to an edit form's post that changes nothing (see `hasChanges`): the upstream is not asked, the next
 * page says once, neutrally, that nothing was changed. With JavaScript the save button stays disabled until a
 * change, so this is the way without it.
 */
export function nothingChanged(request: Request, to: string): Promise<Response> {
  return redirectWithToast(request, to, { key: "form.unchanged", tone: "info" });
}
