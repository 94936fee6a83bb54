import { afterEach, expect } from 'vitest';

// Node prints every process warning to stderr, in the middle of the test run, where nobody reads it:
// `npm test` passed while printing two. A test that provokes a warning on purpose captures it
// (`vi.spyOn(process, 'emitWarning').mockImplementation(…)`, which replaces this wrapper for that
// test); any other warning fails the test that let it through.
const stray: string[] = [];
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  stray.push(typeof warning === 'string' ? warning : warning.message);
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;

afterEach(() => {
  const printed = stray.splice(0);
  expect(printed, 'process warnings printed during this test (capture an expected one with vi.spyOn(process, "emitWarning"))').toEqual([]);
});
