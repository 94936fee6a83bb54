/** Node's codes for a package that is not installed (ESM and CommonJS resolution). */
const NOT_FOUND = new Set(['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND']);

/**
 * The error to throw when loading msw failed: one sentence naming the fix when msw is not installed,
 * the original error otherwise (an installed msw that fails to load is a different problem).
 */
export function missingMsw(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  if (typeof code !== 'string' || !NOT_FOUND.has(code) || !/['"]msw['"/]/.test(message)) return error;
  return new Error('appset/mock-server/msw needs the msw package, which is not installed: run npm install -D msw.', { cause: error });
}
