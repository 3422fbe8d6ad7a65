import type { CurrentUser } from "~/.server/auth.server";

/** What every action of the person's page gets: the request, the person's id from the URL, the list to go back to. */
export interface PersonActionContext {
  request: Request;
  /** The administrator, as the action's guard let them in: rights and own organisations. */
  user: CurrentUser;
  personId: string | undefined;
  /** The page of the person with its `zurueck` kept, for redirects after a write. */
  detailsPath: string;
}

/** One dialog's post handler; the page's action picks it by the dialog's search parameter. */
export type PersonActionHandler = (context: PersonActionContext) => Promise<unknown>;
