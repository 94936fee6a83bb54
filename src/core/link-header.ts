/**
 * The longest `Link` header read: a page's links are two URLs of a few hundred characters, so this
 * only stops a hostile or broken server from making the client parse megabytes.
 */
export const MAX_LINK_HEADER_LENGTH = 16 * 1024;

/**
 * Parses an HTTP `Link` header (RFC 8288) into a map from relation to target. Several headers
 * arrive joined by ", "; targets are kept verbatim because cursors in them are opaque. The first
 * link of a relation wins, and the first `rel` parameter of a link counts (RFC 8288 §3.3).
 *
 * One pass, each character looked at a bounded number of times, so the time is linear in the
 * header's length whatever it holds (a header of 48 KB of `<` once took seconds with a regex).
 * Callers bound the length with {@link MAX_LINK_HEADER_LENGTH}.
 */
export function parseLinkHeader(value: string | null): Record<string, string> {
  const links: Record<string, string> = {};
  if (!value) return links;
  let at = 0;
  while (at < value.length) {
    const open = value.indexOf('<', at);
    if (open === -1) break;
    // Commas inside `<…>` belong to the target.
    const close = value.indexOf('>', open + 1);
    if (close === -1) break;
    const target = value.slice(open + 1, close);
    const end = endOfParameters(value, close + 1);
    for (const relation of relationsOf(value.slice(close + 1, end))) {
      const key = relation.toLowerCase();
      // Assigned, `__proto__` would set the map's prototype; no registered relation has that name.
      if (key !== '__proto__' && !Object.hasOwn(links, key)) links[key] = target;
    }
    at = end + 1;
  }
  return links;
}

/** The index of the comma that ends a link's parameters (or the end of the header), quotes respected. */
function endOfParameters(value: string, from: number): number {
  let quoted = false;
  for (let i = from; i < value.length; i++) {
    const c = value[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      return i;
    }
  }
  return value.length;
}

/** The relation types of the first `rel` parameter in `;`-separated parameters, or none. */
function relationsOf(parameters: string): string[] {
  for (const parameter of splitOutsideQuotes(parameters)) {
    const eq = parameter.indexOf('=');
    if (eq === -1 || parameter.slice(0, eq).trim().toLowerCase() !== 'rel') continue;
    const raw = parameter.slice(eq + 1).trim();
    const text = raw.startsWith('"') ? unquote(raw) : raw;
    return text.split(/\s+/).filter(Boolean);
  }
  return [];
}

/** Splits at `;` outside quoted strings. */
function splitOutsideQuotes(text: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ';') {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The content of a quoted string (RFC 9110 §5.6.4), escapes resolved; an unterminated one runs to the end. */
function unquote(raw: string): string {
  let out = '';
  for (let i = 1; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && i + 1 < raw.length) out += raw[++i];
    else if (c === '"') break;
    else out += c;
  }
  return out;
}
