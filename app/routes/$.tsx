import { notFound } from "~/.server/guards.server";

/** Any path the portal does not know: the not-found page with HTTP 404. */
export function loader() {
  throw notFound();
}

export default function NotFound() {
  return null;
}
