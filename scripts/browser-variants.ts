import type { Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The package's `browser` build: a relative import `./x` resolves to `./x.browser.ts` where that file
 * exists. `src/auth/load.browser.ts` refuses `createClient({ oauth })`, so the service-app code (and
 * jose's signing and key import) stays out of browser bundles; `src/set/jwks.browser.ts` and
 * `src/set/provider-handler.browser.ts` refuse what only a provider's server does with its keys
 * (publishing its key set, serving its discovery); `src/validation/in-place.browser.ts` parses
 * answers with zod alone, leaving the reading in place out. Used by tsup.config.ts, and by
 * bench/bundle-size.ts to say which sources dominate the browser bundle.
 */
export const browserVariants: Plugin = {
  name: 'appset-browser-variants',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const variant = join(args.resolveDir, `${args.path}.browser.ts`);
      return existsSync(variant) ? { path: variant } : undefined;
    });
  },
};
