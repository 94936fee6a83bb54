import type { MockScope } from './auth';
import { base62 } from './ids';
import { OktaHttpError, rateLimited } from './okta-errors';
import type { FaultAction } from './hooks';
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

/** What a thrown value answers: an Okta error as it is, anything else a 500. */
function asOktaError(error: unknown): OktaHttpError {
  return error instanceof OktaHttpError ? error : internalError(error);
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
 * A served request's answer: the reply itself when nothing on the way had to wait (a delay fault,
 * an access token a verifier checks, a handler that reads the body), else a promise of it. The HTTP
 * server writes a reply it gets at once in the same turn, as a bare node:http handler does.
 */
export type Served = RenderedReply | Promise<RenderedReply>;

/**
 * Runs a handler with faults, rate limiting, auth and error rendering, and records the answer in
 * the journal: the single path every response takes. Each step runs as soon as the one before it
 * has its result; only a step that waits makes the answer a promise.
 */
export function serve(
  env: RouteEnv,
  target: ServeTarget,
  request: IncomingRequest,
  url: URL,
  handle: (now: number, requestId: string) => RouteReply | Promise<RouteReply>,
): Served {
  const fault = target.stub === undefined ? env.control?.takeFault(request.method, url.pathname) : undefined;
  if (fault !== undefined && fault.delayMs > 0) return delay(fault.delayMs).then(() => new Exchange(env, target, request, url, handle, fault).answer());
  return new Exchange(env, target, request, url, handle, fault).answer();
}

/**
 * One request on its way through {@link serve}, from the clock's reading to the journal. Its steps
 * are methods rather than nested closures: this runs for every request, and each closure and
 * awaited plain value costs an allocation or a promise turn.
 */
class Exchange {
  readonly now: number;
  readonly requestId: string;

  constructor(
    private readonly env: RouteEnv,
    private readonly target: ServeTarget,
    private readonly request: IncomingRequest,
    private readonly url: URL,
    private readonly handle: (now: number, requestId: string) => RouteReply | Promise<RouteReply>,
    private readonly fault: FaultAction | undefined,
  ) {
    this.now = env.now();
    this.requestId = base62(20);
  }

  answer(): Served {
    const { fault, target } = this;
    if (fault?.drop) return this.recorded({ status: 0, headers: [], body: null, dropped: true }, null, undefined);
    // Credentials are checked before the bucket is counted: missing or unknown ones spend a lane of
    // their own, not the organization's (see RateLimitLane).
    if (target.scope !== null && !fault?.error) {
      let pending: Promise<void> | undefined;
      try {
        // Static credentials are checked at once; only other verifiers (issued access tokens) are awaited.
        pending = this.env.tokens.check(this.request, target.scope);
      } catch (error) {
        return this.checked(asOktaError(error));
      }
      if (pending !== undefined) {
        return pending.then(
          () => this.checked(undefined),
          (error: unknown) => this.checked(asOktaError(error)),
        );
      }
    }
    return this.checked(undefined);
  }

  /** The rest, once credentials are checked: `refusal` is why they were refused. */
  checked(refusal: OktaHttpError | undefined): Served {
    const { env, target, fault, now, requestId } = this;
    const { bucket, stub } = target;
    const lane = target.lane ?? (refusal !== undefined && isUnauthenticated(refusal) ? 'unauthenticated' : 'authenticated');
    // A stub's answer spends no window: it reports the bucket's as it stands.
    const rate = stub === undefined ? env.limiter.take(bucket, now, lane) : env.limiter.peek(bucket, now, lane);
    const context: ResponseContext = { now, requestId, rate };
    if (fault?.error) {
      // An injected 429 tells the client to wait, as a real one does: nothing left, reset ahead (or
      // where the fault's resetInMs puts it).
      const reset = fault.resetInMs === undefined ? Math.max(rate.reset, Math.floor(now / 1000) + 1) : Math.floor((now + fault.resetInMs) / 1000);
      return this.failed(fault.error, fault.error.status === 429 ? { ...context, rate: { ...rate, remaining: 0, reset } } : context, undefined);
    }
    if (!rate.allowed) return this.failed(rateLimited(), context, undefined);
    if (refusal !== undefined) return this.failed(refusal, context, undefined);
    let answered: RouteReply | Promise<RouteReply>;
    try {
      answered = this.handle(now, requestId);
    } catch (error) {
      return this.failed(asOktaError(error), context, undefined);
    }
    if (answered instanceof Promise) {
      return answered.then(
        (reply) => this.rendered(reply, context),
        (error: unknown) => this.failed(asOktaError(error), context, undefined),
      );
    }
    return this.rendered(answered, context);
  }

  /** The handler's answer with every header, recorded; a failure to render it is a 500. */
  rendered(answered: RouteReply, context: ResponseContext): RenderedReply {
    let note: JournalNote | undefined;
    let errorCode: string | null;
    let reply: RenderedReply;
    try {
      errorCode = errorCodeOf(answered.status, answered.body);
      note = answered.journal;
      reply = render(answered, context);
    } catch (error) {
      return this.failed(asOktaError(error), context, note);
    }
    return this.recorded(reply, errorCode, note);
  }

  failed(failure: OktaHttpError, context: ResponseContext, note: JournalNote | undefined): RenderedReply {
    return this.recorded(renderError(failure, context), failure.errorCode, note);
  }

  recorded(reply: RenderedReply, errorCode: string | null, note: JournalNote | undefined): RenderedReply {
    const { request, url, requestId, now, target } = this;
    this.env.control?.record({ input: request, url, reply, errorCode, requestId, at: now, route: target.route, stub: target.stub ?? null, note });
    return reply;
  }
}
