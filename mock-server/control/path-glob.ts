import { z } from 'zod';

const CONTROL_PREFIX = '/__appset';

/**
 * A path on Okta's side of the server, as faults, stubs and journal matchers name one: starting with
 * `/`, without query or spaces, never the control plane's. `example` shows a good one; `planeRefusal`
 * says why the plane's own paths are refused.
 */
export function oktaPathSchema(example: string, planeRefusal: string) {
  return z
    .string()
    .min(1)
    .max(500)
    .regex(/^\/[^\s?#]*$/, `Must be a path starting with "/", without query or spaces, e.g. ${example}`)
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
