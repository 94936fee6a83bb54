/** Reads a page size: absent or not a positive integer gives the default; larger than `max` is clamped. */
export function parsePageLimit(raw: string | null, limits: { default: number; max: number }): number {
  const n = raw === null ? Number.NaN : Number(raw);
  if (!Number.isInteger(n) || n < 1) return limits.default;
  return Math.min(n, limits.max);
}

/**
 * The `Link` headers of a page, absolute on the organization: `rel="self"` (the request) first,
 * then `rel="next"` (the same query with `after` set to the cursor) while more items exist.
 */
export function pageLinks(orgUrl: URL, url: URL, next: string | undefined): Array<[string, string]> {
  const self = new URL(`${url.pathname}${url.search}`, orgUrl);
  const links: Array<[string, string]> = [['link', `<${self.href}>; rel="self"`]];
  if (next !== undefined) {
    const nextUrl = new URL(self);
    nextUrl.searchParams.set('after', next);
    links.push(['link', `<${nextUrl.href}>; rel="next"`]);
  }
  return links;
}
