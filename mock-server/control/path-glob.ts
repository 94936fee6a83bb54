import { z } from 'zod';

const CONTROL_PREFIX = '/__appset';

/** An empty segment (`//`), or a `.` or `..` one: a request's path never holds one, so a path with one is a way past the plane's rule, not a path. */
const UNNORMALIZED_SEGMENT = /\/\/|\/\.\.?(?:\/|$)/;

/**
 * A path outside the control plane, as faults and stubs name one: any path the server answers
 * (Okta's, or one it lacks such as `/favicon.ico`), starting with `/`, without query, spaces, empty
 * (`//`), `.` or `..` segments, never the control plane's. `example` shows a good one; `planeRefusal`
 * says why the plane's own paths are refused.
 */
export function oktaPathSchema(example: string, planeRefusal: string) {
  return z
    .string()
    .min(1)
    .max(500)
    .regex(/^\/[^\s?#]*$/, `Must be a path starting with "/", without query or spaces, e.g. ${example}`)
    .refine((p) => !UNNORMALIZED_SEGMENT.test(p), `Must be a path without empty ("//"), "." or ".." segments, as a request's path arrives, e.g. ${example}`)
    .refine((p) => !isPlanePath(p), planeRefusal);
}

/** Whether a path is the control plane's (`/__appset` or under it). */
export function isPlanePath(pathname: string): boolean {
  return pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
}

/**
 * Compiles a path glob: `*` takes one non-empty segment, a trailing `/*` any deeper path (one segment
 * or more), every other segment matches exactly.
 */
export function compileGlob(glob: string): (pathname: string) => boolean {
  const deep = glob.endsWith('/*');
  const pattern = (deep ? glob.slice(0, -2) : glob).split('/');
  return (pathname) => {
    const segments = pathname.split('/');
    if (deep ? segments.length <= pattern.length : segments.length !== pattern.length) return false;
    if (deep && segments.slice(pattern.length).every((s) => s === '')) return false;
    return pattern.every((p, i) => (p === '*' ? segments[i] !== '' : p === segments[i]));
  };
}
