/**
 * External and static targets of header and footer. The helpdesk addresses belong to the
 * operator; they are collected here so a deployment changes them in one place.
 */
export const EXTERNAL_LINKS = {
  helpdesk: "https://www.schleswig-holstein.de/DE/landesregierung/themen/bildung-hochschulen/schulportal",
  paedagogicalHelpdesk: "https://medienberatung.iqsh.de/",
  /** The administration FAQ of the state's media advisory service, linked from the admin menu. */
  adminFaq: "https://medienberatung.iqsh.de/faq-administration-schulportal-sh.html",
  legal: "/impressum_datenschutzerklaerung.html",
  privacy: "/impressum_datenschutzerklaerung.html#privacy_policy",
  accessibility: "/impressum_datenschutzerklaerung.html#accessibility",
  status: "/api/status",
  digitalPakt: "https://www.digitalpaktschule.de/",
  landesmarke: "https://www.schleswig-holstein.de/",
} as const;
