import { afterAll, beforeAll, vi } from 'vitest';

/**
 * Listens for `unhandledRejection` for the whole calling test file and returns the spy, so a test can
 * assert that nothing the file did left a promise rejection unhandled.
 */
export function watchUnhandledRejections() {
  const spy = vi.fn<(reason: unknown) => void>();
  beforeAll(() => {
    process.on('unhandledRejection', spy);
  });
  afterAll(() => {
    process.off('unhandledRejection', spy);
  });
  return {
    spy,
    /** Lets pending rejections surface (Node reports them after the microtask queue drains), then returns the spy. */
    async settled() {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return spy;
    },
  };
}
