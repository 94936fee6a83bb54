/**
 * Parses an HTTP `Link` header (RFC 8288) into a map from relation to target. Several headers
 * arrive joined by ", "; targets are kept verbatim because cursors in them are opaque.
 */
export function parseLinkHeader(value: string | null): Record<string, string> {
  const links: Record<string, string> = {};
  if (!value) return links;
  // Each link is `<target>` followed by `;`-separated parameters; commas inside `<…>` are part of the target.
  const linkPattern = /<([^>]*)>((?:\s*;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g;
  for (const match of value.matchAll(linkPattern)) {
    const target = match[1] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(match[2] ?? '');
    const relations = (rel?.[1] ?? rel?.[2] ?? '').split(/\s+/).filter(Boolean);
    for (const relation of relations) {
      const key = relation.toLowerCase();
      if (!(key in links)) links[key] = target;
    }
  }
  return links;
}
