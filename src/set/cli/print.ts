// What the appset-set commands print of values they did not write: a key file's kid, a token's claims.
import { escapeControls } from '../errors';

/**
 * JSON for a terminal: JSON.stringify escapes C0 controls (ESC among them) but leaves DEL, the C1
 * controls (U+009B is a one-character CSI) and the line separators as they are; these appear only
 * inside strings, where a `\uXXXX` escape means the same. Every JSON document the commands print
 * goes through here.
 */
export function printableJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A line's value that came from outside (a kid from a key file, an error quoting one): every control
 * character written as `\uXXXX`, as the receiver writes its descriptions, so no value forges a line
 * or drives the terminal.
 */
export const printableText: (value: string) => string = escapeControls;
