/**
 * The org's administrator every API token acts as (`00o…` → `00u…`, the org id's last 17
 * characters): the actor of the System Log's events, who made what the API made, and a mapping's
 * `lastUpdatedBy`. The backend's tokens act for no directory user, so it is one id per org.
 */
export function orgAdminId(orgId: string): string {
  return `00u${orgId.slice(3)}`;
}
