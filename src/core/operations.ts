import * as z from 'zod/mini';
import { apiCall, type ApiCall } from './api-call';
import { checkCallOptions, checkId, checkInput, checkListOptions } from './call-checks';
import { Pager, pageParser, type ListOptions } from './pagination';
import { parseResponse } from './parse-response';
import type { RetryMode } from './retry-policy';
import type { CallOptions, QueryParams, RequestSpec, Transport } from './transport';

/**
 * One operation of a resource, as data: the resources around an app (keys, secrets, policies, …) are
 * tables of these, served by one implementation ({@link defineOperations}), so that each costs a
 * program's bundle its table and schemas rather than a class of near-identical methods.
 *
 * A method built from it takes, in order: one id per `{param}` of the route (checked with `checkId`),
 * the body when the operation has one, the query parameters when it has them, and the per-call options.
 */
export interface OperationSpec {
  /** `METHOD /path`, each `{name}` a path segment taken from the method's arguments, e.g. `GET /api/v1/apps/{appId}/credentials/keys/{kid}`. */
  route: string;
  /**
   * The answer: a schema its JSON body is parsed with (for a list, the schema of one item), `'text'`
   * for a body returned as it is (an XML document), or left out for an answer without a body.
   */
  answer?: z.ZodMiniType | 'text';
  /** The body's schema; what the caller gives is checked with it before anything is sent. */
  body?: z.ZodMiniType;
  /** Encodes the checked body when it is not JSON (a multipart upload). */
  encode?: (body: never) => Pick<RequestSpec, 'rawBody' | 'contentType'>;
  /** The query parameters' schema (an object schema); they are optional to the caller. */
  query?: z.ZodMiniType;
  /** The operation lists: the method returns a {@link Pager} over the items `answer` describes. */
  list?: true;
  /**
   * How failures are retried: `'idempotent'` (the default for GET, PUT, PATCH and DELETE) or `'create'`
   * (the default for POST: retried only after a 429, since a 5xx may have done the work already).
   */
  retry?: RetryMode;
  /** The `Accept` header, when the answer is not JSON. */
  accept?: string;
  /** What the answer is called in an error about its shape, e.g. `signing keys`; default: the method's name. */
  what?: string;
}

/** The path parameters of a route, as a tuple of strings. */
type RouteParams<S extends string> = S extends `${string}{${string}}${infer Rest}` ? [string, ...RouteParams<Rest>] : [];

type Answer<O extends OperationSpec> = O['answer'] extends z.ZodMiniType ? z.output<O['answer']> : O['answer'] extends 'text' ? string : void;

type BodyArgs<O extends OperationSpec> = O['body'] extends z.ZodMiniType ? [body: z.input<O['body']>] : [];

/** The method an {@link OperationSpec} becomes. */
export type OperationMethod<O extends OperationSpec> = O['list'] extends true
  ? (...args: [...RouteParams<O['route']>, ...(O['query'] extends z.ZodMiniType ? [params?: z.input<O['query']>] : []), options?: ListOptions]) => Pager<Answer<O>>
  : (
      ...args: [
        ...RouteParams<O['route']>,
        ...BodyArgs<O>,
        ...(O['query'] extends z.ZodMiniType ? [params?: z.input<O['query']>] : []),
        options?: CallOptions,
      ]
    ) => ApiCall<Answer<O>>;

/** The methods a table of operations becomes. */
export type Operations<T extends Record<string, OperationSpec>> = { [K in keyof T]: OperationMethod<T[K]> };

const PARAM = /\{(\w+)\}/g;

/**
 * Builds a resource's methods from a table of operations. Give the result the resource's documented
 * interface, which the compiler then checks against the table:
 *
 * @example
 * export interface AppKeysResource { list(appId: string, options?: ListOptions): Pager<AppKey> }
 * export const appKeys: (transport: Transport) => AppKeysResource = defineOperations({
 *   list: { route: 'GET /api/v1/apps/{appId}/credentials/keys', answer: AppKeySchema, list: true, what: 'signing keys' },
 * });
 */
export function defineOperations<const T extends Record<string, OperationSpec>>(table: T): (transport: Transport) => Operations<T> {
  return (transport) => {
    const methods: Record<string, (...args: unknown[]) => unknown> = {};
    for (const name in table) methods[name] = operation(transport, name, table[name]!);
    return methods as Operations<T>;
  };
}

function operation(transport: Transport, name: string, spec: OperationSpec): (...args: unknown[]) => unknown {
  const space = spec.route.indexOf(' ');
  const method = spec.route.slice(0, space) as RequestSpec['method'];
  const template = spec.route.slice(space + 1);
  const params = [...template.matchAll(PARAM)].map((m) => m[1]!);
  const retry = spec.retry ?? (method === 'POST' ? 'create' : 'idempotent');
  const what = spec.what ?? name;
  const parsePage = spec.list && typeof spec.answer === 'object' ? pageParser(z.array(spec.answer), what) : undefined;

  // Checks the ids and fills the route; returns the path and the arguments after the ids.
  const target = (args: unknown[]): string => {
    let i = 0;
    return template.replace(PARAM, () => {
      const id = args[i];
      checkId(id, params[i++]!);
      return encodeURIComponent(id);
    });
  };

  return (...args: unknown[]) => {
    let at = params.length;
    const body = spec.body ? args[at++] : undefined;
    const query = spec.query ? args[at++] : undefined;
    const options = args[at] as CallOptions | undefined;
    if (parsePage) {
      const path = target(args);
      const checkedQuery = spec.query ? (checkInput(spec.query, query ?? {}, `${name} parameters`) as QueryParams) : {};
      checkListOptions(options);
      return new Pager(transport, path, checkedQuery, parsePage, options);
    }
    return apiCall(async () => {
      const path = target(args);
      const request: RequestSpec = { method, target: path, retry, options };
      if (spec.body) {
        const checked = checkInput(spec.body, body, what);
        if (spec.encode) Object.assign(request, (spec.encode as (b: unknown) => object)(checked));
        else request.json = checked;
      }
      if (spec.query) request.query = checkInput(spec.query, query ?? {}, `${name} parameters`) as QueryParams;
      if (spec.accept) request.accept = spec.accept;
      checkCallOptions(options);
      if (spec.answer === 'text') {
        const { text, ...response } = await transport.receive(request);
        return { data: text, response: { ...response, body: text } };
      }
      const response = await transport.send(request);
      const data = spec.answer ? await parseResponse(transport, spec.answer, response, method) : undefined;
      return { data, response };
    });
  };
}
