import type { OktaHttpError } from './okta-errors';
import type { JournalNote, RenderedReply, RouteReply } from './reply';
import type { IncomingRequest } from './request';

// The contracts the pipeline defines and the control plane implements: faults and stubs taken before the
// route, the journal told of every answer, the memory the health report shows.

/** What the router asks the control plane for every request on Okta's paths. */
export interface RouterControl {
  /** The fault to apply to this request (counted as used), if one matches. */
  takeFault(method: string, pathname: string): FaultAction | undefined;
  /**
   * The stub answering this request instead of the routes (counted as used), if one matches; a promise
   * only when a stub that could match reads the body.
   */
  takeStub?(request: IncomingRequest, url: URL): StubAnswer | undefined | Promise<StubAnswer | undefined>;
  /** Records the answered request. */
  record(entry: AnsweredRequest): void;
}

/** What the router does for one request a fault matched. */
export interface FaultAction {
  delayMs: number;
  drop: boolean;
  /** The error to answer instead of the route's answer. */
  error?: OktaHttpError;
  /** For a 429: the reset it announces, in milliseconds from the answer. */
  resetInMs?: number;
}

/** What the router answers for a request a stub matched. */
export interface StubAnswer {
  id: string;
  reply: RouteReply;
}

/**
 * An answered request as the router hands it over. The journal copies what it keeps at once (the
 * request and reply are not kept), and turns it into text only when it is read.
 */
export interface AnsweredRequest {
  input: IncomingRequest;
  url: URL;
  reply: RenderedReply;
  errorCode: string | null;
  requestId: string;
  /** When it was answered, by the backend's clock (epoch ms). */
  at: number;
  route: string | null;
  stub: string | null;
  note?: JournalNote;
}

/** A process's memory, in bytes. */
export interface MemoryReport {
  /** The V8 heap in use (Node's `process.memoryUsage().heapUsed`), in bytes. */
  heapUsedBytes: number;
  /** The resident set size: all the memory the process holds in RAM (`process.memoryUsage().rss`), in bytes. */
  rssBytes: number;
}
