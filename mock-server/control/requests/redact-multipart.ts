// How the journal reads a multipart body to redact it: its parts found by their delimiter, each
// part's name read from its Content-Disposition. Written as loops over indexes, each character
// looked at a bounded number of times, because the body is whatever a sender chose: a pattern that
// backtracks over it let one request hold the server for minutes.

/** The longest boundary taken (RFC 2046 §5.1.1 allows 70 characters); a longer one is not believed. */
const MAX_BOUNDARY_CHARS = 200;

/** How many header lines the journal looks back over, from a Content-Disposition, for the delimiter line. */
const MAX_HEADER_LINES = 32;

/**
 * The boundary of a multipart body: its label's (a `multipart/*` Content-Type's `boundary`) when the
 * body holds that delimiter, else the one {@link inferredBoundary} finds; `null` when the text is
 * not multipart.
 */
export function multipartBoundary(text: string, contentType: string | null): string | null {
  const labelled = labelledBoundary(contentType);
  if (labelled !== null && nextDelimiter(text, `--${labelled}`, 0) !== -1) return labelled;
  return inferredBoundary(text);
}

/** The `boundary` parameter of a `multipart/*` Content-Type, or `null`. */
function labelledBoundary(contentType: string | null): string | null {
  if (contentType === null || !/^\s*multipart\//i.test(contentType)) return null;
  const found = /;\s*boundary\s*=\s*(?:"([^"\r\n]*)"|([^;\s]*))/i.exec(contentType);
  const boundary = found === null ? '' : (found[1] ?? found[2] ?? '');
  return boundary.length > 0 && boundary.length <= MAX_BOUNDARY_CHARS ? boundary : null;
}

/**
 * The boundary a body's parts are delimited by when its label does not say (a multipart form sent
 * as `text/plain`): the delimiter line (`--boundary`) just above the first part's headers, that is
 * above the first line starting `Content-Disposition:` with only header lines between. `null` when
 * there is no such line: the text is not multipart.
 */
function inferredBoundary(text: string): string | null {
  const disposition = /(?:^|\n)content-disposition[ \t]*:/i.exec(text);
  if (disposition === null) return null;
  let lineStart = text[disposition.index] === '\n' ? disposition.index + 1 : disposition.index;
  for (let lines = 0; lines < MAX_HEADER_LINES && lineStart > 0; lines++) {
    const previousEnd = lineStart - 1;
    const previousStart = previousEnd === 0 ? 0 : text.lastIndexOf('\n', previousEnd - 1) + 1;
    const line = text.slice(previousStart, text[previousEnd - 1] === '\r' ? previousEnd - 1 : previousEnd);
    if (line.startsWith('--')) {
      const boundary = line.slice(2).trimEnd();
      return boundary.length > 0 && boundary.length <= MAX_BOUNDARY_CHARS ? boundary : null;
    }
    // A blank line ends a part's headers: what is above it is a value, not the start of this part.
    if (line.trim() === '') return null;
    lineStart = previousStart;
  }
  return null;
}

/**
 * A multipart body (RFC 2046, RFC 7578) with each part's value replaced by what `keep` answers for
 * it, given the part's name (`null` when its Content-Disposition names none), and the text before
 * the first delimiter (the preamble) and after the last (the epilogue) replaced by what
 * `keepOutside` answers for it: a sender may put anything there, a form field included. Delimiters
 * and each part's headers are kept as sent. A part's value runs to the next delimiter line,
 * `--boundary` at the start of a line, so a value holding `\r\n--` is one value; a part with no
 * blank line after its headers has no value.
 */
export function redactMultipart(
  text: string,
  boundary: string,
  keep: (name: string | null, value: string) => string,
  keepOutside: (text: string) => string,
): string {
  const delimiter = `--${boundary}`;
  const out: string[] = [];
  let at = nextDelimiter(text, delimiter, 0);
  if (at === -1) return text;
  const preamble = text.slice(0, at);
  const keptPreamble = preamble === '' ? preamble : keepOutside(preamble);
  if (keptPreamble !== preamble) out.push(keptPreamble);
  let copied = at;
  // Where the epilogue starts: the text's end unless a close delimiter (or a cut delimiter line) ends the parts.
  let epilogue = text.length;
  while (at !== -1) {
    const afterDelimiter = at + delimiter.length;
    // The close delimiter (`--boundary--`): the rest is the epilogue.
    if (text.startsWith('--', afterDelimiter)) {
      const closeEnd = text.indexOf('\n', afterDelimiter + 2);
      epilogue = closeEnd === -1 ? afterDelimiter + 2 : closeEnd + 1;
      break;
    }
    const lineEnd = text.indexOf('\n', afterDelimiter);
    if (lineEnd === -1) {
      epilogue = afterDelimiter;
      break;
    }
    const partStart = lineEnd + 1;
    const next = nextDelimiter(text, delimiter, partStart);
    // The line break before the next delimiter belongs to the delimiter (RFC 2046 §5.1.1).
    let partEnd = next === -1 ? text.length : next - 1;
    if (next !== -1 && partEnd > partStart && text[partEnd - 1] === '\r') partEnd--;
    if (partEnd < partStart) partEnd = partStart;
    const part = text.slice(partStart, partEnd);
    const blank = headersEnd(part);
    if (blank !== -1) {
      const value = part.slice(blank);
      const kept = keep(partName(part.slice(0, blank)), value);
      if (kept !== value) {
        out.push(text.slice(copied, partStart + blank), kept);
        copied = partEnd;
      }
    }
    at = next;
  }
  const after = text.slice(epilogue);
  const keptAfter = after === '' ? after : keepOutside(after);
  if (out.length === 0 && keptAfter === after) return text;
  out.push(text.slice(copied, epilogue), keptAfter);
  return out.join('');
}

/**
 * Where the next delimiter line starts, at or after `from`: `delimiter` at the start of the text or
 * of a line, followed by `--` (the close delimiter), the line's end or transport padding (spaces).
 * A value holding `--boundary` followed by anything else is still one value.
 */
function nextDelimiter(text: string, delimiter: string, from: number): number {
  for (let at = text.indexOf(delimiter, from); at !== -1; at = text.indexOf(delimiter, at + 1)) {
    if (at > 0 && text[at - 1] !== '\n') continue;
    const after = text[at + delimiter.length];
    if (after === undefined || after === '\r' || after === '\n' || after === ' ' || after === '\t' || text.startsWith('--', at + delimiter.length)) return at;
  }
  return -1;
}

/** Where a part's value starts: just past the blank line that ends its headers; -1 when there is none. */
function headersEnd(part: string): number {
  // Headers may be empty: the value then starts after the blank first line.
  if (part.startsWith('\r\n')) return 2;
  if (part.startsWith('\n')) return 1;
  const lf = part.indexOf('\n\n');
  const crlf = part.indexOf('\n\r\n');
  if (lf === -1 && crlf === -1) return -1;
  if (crlf === -1 || (lf !== -1 && lf < crlf)) return lf + 2;
  return crlf + 3;
}

/**
 * The `name` parameter of a part's Content-Disposition: quoted (`name="password"`, with `\`
 * escapes), bare (`name=password`) or extended (`name*=UTF-8''password`); `null` when there is none.
 */
function partName(headers: string): string | null {
  const line = /(?:^|\n)content-disposition[ \t]*:([^\r\n]*)/i.exec(headers);
  if (line === null) return null;
  const param = /(?:^|[;:\s])name(\*?)[ \t]*=[ \t]*(?:"((?:[^"\\\r\n]|\\.)*)"|([^;\s]*))/i.exec(line[1]!);
  if (param === null) return null;
  if (param[2] !== undefined) return param[2].replace(/\\(.)/g, '$1');
  const bare = param[3]!.replace(/^"|"$/g, '');
  if (param[1] !== '*') return bare;
  // RFC 8187: charset'language'percent-encoded text.
  const encoded = bare.slice(bare.indexOf("'", bare.indexOf("'") + 1) + 1);
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}
