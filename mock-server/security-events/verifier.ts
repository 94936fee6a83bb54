/**
 * The Security Event Token verifier, loaded with the first token the receiver gets: it brings jose,
 * which an organization that never receives a token does not need at start.
 */
let loading: Promise<typeof import('../../src/set/verify')> | undefined;

/** The verifier's module, imported on the first call and shared by every later one. */
export function loadVerifier(): Promise<typeof import('../../src/set/verify')> {
  loading ??= import('../../src/set/verify');
  return loading;
}
