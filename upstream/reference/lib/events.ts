/**
 * Domain events of the upstream (PERSONS §1.10). The reference has no consumers (LDAP, itslearning, OX); it only
 * records that an event was published, as one log line, so that a sync or a delete can be seen in the server log.
 */
export function publishEvent(name: string, payload: Record<string, string>) {
  console.info(`[reference-upstream] event ${name} ${JSON.stringify(payload)}`);
}
