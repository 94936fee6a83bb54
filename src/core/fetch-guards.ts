// What every fetch of the client needs around it, whoever sends it (the transport, a service app's
// token request): an abort that holds even when the fetch ignores its signal, and no redirect followed.

/**
 * Settles as `work` does, or rejects with the signal's reason as soon as it aborts: a `fetch` given in
 * the options, or a polyfill, may ignore its signal, and an abort must hold all the same. Without a
 * signal, `work` itself.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  if (signal.aborted) {
    // `work` has started all the same; its own failure (often this very abort) is not left unhandled.
    work.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Whether an answer is a redirect (a 3xx, or the opaque answer of `redirect: 'manual'` in a browser). */
export function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
}

/** A 3xx answer, refused before ky, a hook or a fetch could follow it: nothing is sent to its target. */
export class RedirectRefusal extends Error {
  constructor(readonly response: Response) {
    super(`redirect ${response.status}`);
  }
}
