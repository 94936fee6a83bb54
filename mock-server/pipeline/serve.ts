import type { MockScope } from './auth';
import { base62 } from './ids';
import { OktaHttpError, rateLimited } from './okta-errors';
import type { RateLimitBucket, RateLimitLane } from './rate-limits';
import type { IncomingRequest } from './request';
import { type JournalNote, type RouteReply, type ResponseContext, type RenderedReply, render, renderError, errorCodeOf } from './reply';
import type { RouteEnv } from './route';

// Serves one request: authentication, rate limits, faults, the handler, the journal, the answer.

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A bug in the backend must still answer in Okta's shape, and say so. */
function internalError(error: unknown): OktaHttpError {
  const message = error instanceof Error ? error.message : String(error);
  return new OktaHttpError(500, 'E0000009', 'Internal Server Error', [message]);
}

/** Whether an auth refusal means the caller is nobody the organization knows (no or unknown credentials). */
function isUnauthenticated(error: OktaHttpError): boolean {
  return error.errorCode === 'E0000005' || error.errorCode === 'E0000011';
}

/** Who answers a request, as {@link serve} runs it. */
export interface ServeTarget {
  bucket: RateLimitBucket;
  /** The scope the answer needs; `null`: no credentials are checked. */
  scope: MockScope | null;
  /** The route serving the request, as `GET /api/v1/apps/:appId`; `null` when none does. */
  route: string | null;
  /** The id of the stub answering the request: it answers as given (no fault, credentials or rate-limit window applies). */
  stub?: string;
  /** `'unauthenticated'`: count the call apart from the organization's whatever its credentials (paths no route serves). */
  lane?: RateLimitLane;
}

/**
 * Runs a handler with faults, rate limiting, auth and error rendering, and records the answer in
 * the journal: the single path every response takes.
 */
export async function serve(
  env: RouteEnv,
  target: ServeTarget,
  request: IncomingRequest,
  url: URL,
  handle: (now: number, requestId: string) => RouteReply | Promise<RouteReply>,
): Promise<RenderedReply> {
  const { bucket, scope, stub } = target;
  const fault = stub === undefined ? env.control?.takeFault(request.method, url.pathname) : undefined;
  if (fault && fault.delayMs > 0) await delay(fault.delayMs);
  const now = env.now();
  const requestId = base62(20);
  let errorCode: string | null = null;
  let note: JournalNote | undefined;
  let reply: RenderedReply;
  // Written out rather than in nested closures: this runs for every request, and each closure and
  // awaited plain value costs an allocation or a promise turn.
  if (fault?.drop) {
    reply = { status: 0, headers: [], body: null, dropped: true };
  } else {
    // Credentials are checked before the bucket is counted: missing or unknown ones spend a lane of
    // their own, not the organization's (see RateLimitLane).
    let refusal: OktaHttpError | undefined;
    if (scope !== null && !fault?.error) {
      try {
        // Static credentials are checked at once; only other verifiers (issued access tokens) are awaited.
        const pending = env.tokens.check(request, scope);
        if (pending !== undefined) await pending;
      } catch (error) {
        refusal = error instanceof OktaHttpError ? error : internalError(error);
      }
    }
    const lane = target.lane ?? (refusal !== undefined && isUnauthenticated(refusal) ? 'unauthenticated' : 'authenticated');
    // A stub's answer spends no window: it reports the bucket's as it stands.
    const rate = stub === undefined ? env.limiter.take(bucket, now, lane) : env.limiter.peek(bucket, now, lane);
    const context: ResponseContext = { now, requestId, rate };
    let failure: OktaHttpError | undefined;
    let failureContext = context;
    if (fault?.error) {
      // An injected 429 tells the client to wait, as a real one does: nothing left, reset ahead (or
      // where the fault's resetInMs puts it).
      const reset = fault.resetInMs === undefined ? Math.max(rate.reset, Math.floor(now / 1000) + 1) : Math.floor((now + fault.resetInMs) / 1000);
      failure = fault.error;
      failureContext = fault.error.status === 429 ? { ...context, rate: { ...rate, remaining: 0, reset } } : context;
    } else if (!rate.allowed) {
      failure = rateLimited();
    } else if (refusal !== undefined) {
      failure = refusal;
    } else {
      try {
        let answered = handle(now, requestId);
        if (answered instanceof Promise) answered = await answered;
        errorCode = errorCodeOf(answered.status, answered.body);
        note = answered.journal;
        reply = render(answered, context);
      } catch (error) {
        failure = error instanceof OktaHttpError ? error : internalError(error);
      }
    }
    if (failure !== undefined) {
      errorCode = failure.errorCode;
      reply = renderError(failure, failureContext);
    }
  }
  env.control?.record({ input: request, url, reply: reply!, errorCode, requestId, at: now, route: target.route, stub: stub ?? null, note });
  return reply!;
}
