/**
 * jose, loaded when a request first needs it (a token request, a DPoP proof, a Security Event
 * Token's signature): most test suites never ask for one, and importing jose at start costs every
 * `appset-mock` and every test file that imports the backend some 40 ms of its cold start.
 */
let loading: Promise<typeof import('jose')> | undefined;

/** jose's module, imported on the first call and shared by every later one. */
export function loadJose(): Promise<typeof import('jose')> {
  loading ??= import('jose');
  return loading;
}
