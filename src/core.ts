// The public surface of `appset/core`: the same as `appset`'s, but `createClient` returns the bare
// client, which a program extends with only the resources it calls (a browser bundle then carries
// only those). An explicit export wins over `export *`, so this `createClient` is the bare one.
export * from './index';
export { createCoreClient as createClient } from './core-client';
