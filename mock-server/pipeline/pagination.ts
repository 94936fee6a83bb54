/** Reads a page size: absent or not a positive integer gives the default; larger than `max` is clamped. */
export function parsePageLimit(raw: string | null, limits: { default: number; max: number }): number {
  const n = raw === null ? Number.NaN : Number(raw);
  if (!Number.isInteger(n) || n < 1) return limits.default;
  return Math.min(n, limits.max);
}

/**
 * The `Link` headers of a page, absolute on the organization: `rel="self"` (the request) first,
 * then `rel="next"` (the same query with `after` set to the cursor) while more items exist.
 *
 * With `query`, the links carry that query instead of the request's, as real organizations write
 * it: the parameters they understood, in their order, with defaults filled in (`limit`), others
 * dropped; `after` comes first.
 */
export function pageLinks(
  orgUrl: URL,
  url: URL,
  next: string | undefined,
  query?: ReadonlyArray<readonly [string, string]>,
): Array<[string, string]> {
  const self = new URL(url.pathname, orgUrl);
  if (query === undefined) self.search = url.search;
  else for (const [name, value] of query) self.searchParams.append(name, value);
  const links: Array<[string, string]> = [['link', `<${self.href}>; rel="self"`]];
  if (next !== undefined) {
    const nextUrl = new URL(url.pathname, orgUrl);
    if (query === undefined) {
      nextUrl.search = url.search;
      nextUrl.searchParams.set('after', next);
    } else {
      nextUrl.searchParams.append('after', next);
      for (const [name, value] of query) if (name !== 'after') nextUrl.searchParams.append(name, value);
    }
    links.push(['link', `<${nextUrl.href}>; rel="next"`]);
  }
  return links;
}
