// A small XML writer: elements, attributes and text, every value escaped. Its output is plain
// ASCII (anything else becomes a character reference), so it reads the same whether a client takes
// the body as UTF-8 (the XML declaration) or ISO-8859-1 (the charset real organizations send).

/** An element: its qualified name, attributes in order, and children (elements or text). */
export interface XmlElement {
  name: string;
  attributes?: ReadonlyArray<readonly [string, string]>;
  children?: ReadonlyArray<XmlElement | string>;
}

/** A name the writer accepts: an XML name with at most one prefix (`md:EntityDescriptor`, `xmlns:ds`). */
const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?$/;

/** Characters XML 1.0 cannot hold at all, even as references: they become U+FFFD. */
const FORBIDDEN = /[\0-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function escape(value: string, quote: boolean): string {
  let out = '';
  for (const ch of value.replace(FORBIDDEN, '\ufffd')) {
    const code = ch.codePointAt(0)!;
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (quote && ch === '"') out += '&quot;';
    // Line breaks and tabs in attributes would be normalised to spaces by a parser: kept as references.
    else if (quote && (ch === '\n' || ch === '\r' || ch === '\t')) out += `&#${code};`;
    else if (ch === '\r') out += '&#13;';
    else if (code > 0x7e) out += `&#${code};`;
    else out += ch;
  }
  return out;
}

/** Escapes text for an element's content. */
export function escapeText(value: string): string {
  return escape(value, false);
}

/** Escapes text for a double-quoted attribute value. */
export function escapeAttribute(value: string): string {
  return escape(value, true);
}

function checkName(name: string): string {
  if (!NAME.test(name)) throw new TypeError(`Not an XML name: ${JSON.stringify(name)}`);
  return name;
}

/** Writes an element and its children without whitespace between tags; an element without children is self-closing. */
export function writeElement(element: XmlElement): string {
  const name = checkName(element.name);
  let out = `<${name}`;
  for (const [attribute, value] of element.attributes ?? []) out += ` ${checkName(attribute)}="${escapeAttribute(value)}"`;
  const children = element.children ?? [];
  if (children.length === 0) return `${out}/>`;
  out += '>';
  for (const child of children) out += typeof child === 'string' ? escapeText(child) : writeElement(child);
  return `${out}</${name}>`;
}

/** A whole document: the XML declaration real organizations write, then the root element. */
export function writeDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${writeElement(root)}`;
}
