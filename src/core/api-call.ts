import { describeResponse, type ResponseInfo } from './response-info';
import type { TransportResponse } from './transport';

/** A call's data with the response it came from, as `withResponse()` gives it. */
export interface WithResponse<T> {
  /** What awaiting the call alone gives. */
  data: T;
  /** Status, headers, request id and rate limit of the response. */
  response: ResponseInfo;
}

/** What a resource method's body produces: the data and the transport's response. */
export interface Answered<T> {
  data: T;
  response: TransportResponse;
}

/**
 * The value of every client call other than `list()`: await it for the data, or call
 * `.withResponse()` for the data and the response (`const { data, response } = await
 * client.apps.get(id).withResponse()`). The request is sent at once, whichever you do; both give
 * the same single request's result.
 */
export class ApiCall<T> implements Promise<T> {
  readonly #answer: Promise<Answered<T>>;
  #data: Promise<T> | undefined;

  /** @internal created by the resources. */
  constructor(answer: Promise<Answered<T>>) {
    this.#answer = answer;
  }

  /** The data and the response it came from. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#answer.then(({ data, response }) => ({ data, response: describeResponse(response) }));
  }

  #value(): Promise<T> {
    this.#data ??= this.#answer.then((answer) => answer.data);
    return this.#data;
  }

  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#value().then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#value().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#value().finally(onfinally);
  }

  /** `'ApiCall'`, what `Object.prototype.toString` shows. */
  readonly [Symbol.toStringTag] = 'ApiCall';
}

/**
 * Runs a resource method's body (checks, then one request) as an {@link ApiCall}. Every resource
 * method goes through it, so each gets `withResponse()`: a new resource writes
 * `return apiCall(async () => { …; const response = await transport.send(…); return { data, response }; })`.
 */
export function apiCall<T>(run: () => Promise<Answered<T>>): ApiCall<T> {
  return new ApiCall(run());
}
