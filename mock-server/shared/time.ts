/** A time as Okta writes most timestamps: ISO 8601 in UTC, the milliseconds dropped (`2025-01-02T03:04:05.000Z`). */
export function wholeSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString();
}
