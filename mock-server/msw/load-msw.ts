// msw, loaded where the ESM build runs: an optional peer dependency, so its absence is told in one
// sentence rather than as a module-resolution stack. (The CommonJS build swaps in load-msw.cjs.ts.)
import { missingMsw } from './missing-msw';

let loaded: typeof import('msw');
try {
  loaded = await import('msw');
} catch (error) {
  throw missingMsw(error);
}

/** The msw module. */
export const msw = loaded;
