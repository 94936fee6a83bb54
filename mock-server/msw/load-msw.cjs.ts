// msw, loaded where the CommonJS build runs (tsup.config.ts puts this file in place of load-msw.ts,
// whose top-level await CommonJS cannot have).
import { missingMsw } from './missing-msw';

let loaded: typeof import('msw');
try {
  loaded = require('msw') as typeof import('msw');
} catch (error) {
  throw missingMsw(error);
}

/** The msw module. */
export const msw = loaded;
