import * as z from 'zod/mini';
import { int } from '../validation/int';
import { checkCallOptions, checkId, checkInput, checkListOptions } from '../core/call-checks';
import { apiCall, type ApiCall } from '../core/api-call';
import { Pager, pageParser, type ListOptions } from '../core/pagination';
import { parseResponse } from '../core/parse-response';
import type { CallOptions, Transport } from '../core/transport';
import { RequestValidationError } from '../errors';
import {
  SecurityEventsProviderListSchema,
  SecurityEventsProviderSchema,
  validateSecurityEventsProviderInput,
  type SecurityEventsProvider,
  type SecurityEventsProviderInput,
} from './schemas';

/** Parameters of {@link SecurityEventsProvidersResource.list}. */
export interface ListSecurityEventsProvidersParams {
  /** Items per page. */
  limit?: number;
  /** Start after this opaque cursor (taken from a previous page's `next` link). */
  after?: string;
}

const BASE_PATH = '/api/v1/security-events-providers';

const ListParamsSchema = z.strictObject({
  limit: z.optional(int().check(z.gte(1))),
  after: z.optional(z.string().check(z.minLength(1))),
});

function checkProviderInput(input: unknown): SecurityEventsProviderInput {
  const check = validateSecurityEventsProviderInput(input);
  if (!check.ok) throw new RequestValidationError('security events provider', check.issues);
  return check.value;
}

function providerPath(providerId: string): string {
  return `${BASE_PATH}/${encodeURIComponent(providerId)}`;
}

const parseProviderPage = pageParser(SecurityEventsProviderListSchema, 'security events providers');

/**
 * The Security Events Providers API (`/api/v1/security-events-providers`): the providers whose
 * security event tokens the organization accepts. `settings` is either `{ issuer, jwks_url }` or,
 * for an SSF-compliant provider, `{ well_known_url }`. Inputs are refused with a
 * {@link RequestValidationError} before anything is sent. Needs the `okta.securityEventsProviders.read`
 * scope to read and `okta.securityEventsProviders.manage` to change.
 */
export class SecurityEventsProvidersResource {
  readonly #transport: Transport;

  /** @internal created by `createClient`. */
  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Lists providers. Returns a {@link Pager} at once (no `await`): iterate it with `for await`,
   * page with `.pages()`, or collect a bounded number with `.toArray({ max })`.
   */
  list(params?: ListSecurityEventsProvidersParams, options?: ListOptions): Pager<SecurityEventsProvider> {
    const p = checkInput(ListParamsSchema, params ?? {}, 'list parameters');
    checkListOptions(options);
    return new Pager(this.#transport, BASE_PATH, { limit: p.limit, after: p.after }, parseProviderPage, options);
  }

  /**
   * Creates a provider; the organization starts accepting its tokens once it is ACTIVE. Never
   * retried after a connection error or a 5xx, because the provider may have been created.
   */
  create(input: SecurityEventsProviderInput, options?: CallOptions): ApiCall<SecurityEventsProvider> {
    return apiCall(async () => {
      const body = checkProviderInput(input);
      checkCallOptions(options);
      const response = await this.#transport.send({
        method: 'POST',
        target: BASE_PATH,
        json: body,
        retry: 'create',
        options,
      });
      return { data: await parseResponse(this.#transport, SecurityEventsProviderSchema, response, 'POST'), response };
    });
  }

  /** Retrieves one provider. */
  get(providerId: string, options?: CallOptions): ApiCall<SecurityEventsProvider> {
    return apiCall(async () => {
      checkId(providerId, 'providerId');
      checkCallOptions(options);
      const response = await this.#transport.send({
        method: 'GET',
        target: providerPath(providerId),
        retry: 'idempotent',
        options,
      });
      return { data: await parseResponse(this.#transport, SecurityEventsProviderSchema, response, 'GET'), response };
    });
  }

  /** Replaces a provider's `name`, `type` and `settings` (either settings variant, whichever it had). */
  replace(providerId: string, input: SecurityEventsProviderInput, options?: CallOptions): ApiCall<SecurityEventsProvider> {
    return apiCall(async () => {
      checkId(providerId, 'providerId');
      const body = checkProviderInput(input);
      checkCallOptions(options);
      const response = await this.#transport.send({
        method: 'PUT',
        target: providerPath(providerId),
        json: body,
        retry: 'idempotent',
        options,
      });
      return { data: await parseResponse(this.#transport, SecurityEventsProviderSchema, response, 'PUT'), response };
    });
  }

  /** Deletes a provider; the organization stops accepting its tokens. */
  delete(providerId: string, options?: CallOptions): ApiCall<void> {
    return apiCall(async () => {
      checkId(providerId, 'providerId');
      checkCallOptions(options);
      const response = await this.#transport.send({
        method: 'DELETE',
        target: providerPath(providerId),
        retry: 'idempotent',
        options,
      });
      return { data: undefined, response };
    });
  }

  /** Activates a provider, so the organization accepts its tokens; returns the provider. */
  activate(providerId: string, options?: CallOptions): ApiCall<SecurityEventsProvider> {
    return this.#lifecycle(providerId, 'activate', options);
  }

  /** Deactivates a provider, so the organization refuses its tokens (`invalid_issuer`); returns the provider. */
  deactivate(providerId: string, options?: CallOptions): ApiCall<SecurityEventsProvider> {
    return this.#lifecycle(providerId, 'deactivate', options);
  }

  #lifecycle(providerId: string, action: 'activate' | 'deactivate', options: CallOptions | undefined): ApiCall<SecurityEventsProvider> {
    return apiCall(async () => {
      checkId(providerId, 'providerId');
      checkCallOptions(options);
      const response = await this.#transport.send({
        method: 'POST',
        target: `${providerPath(providerId)}/lifecycle/${action}`,
        retry: 'idempotent',
        options,
      });
      return { data: await parseResponse(this.#transport, SecurityEventsProviderSchema, response, 'POST'), response };
    });
  }
}
