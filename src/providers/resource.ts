import * as z from 'zod/mini';
import { int } from '../validation/int';
import { checkCallOptions, checkId } from '../core/call-checks';
import { apiCall, type ApiCall } from '../core/api-call';
import { defineOperations } from '../core/operations';
import type { ListOptions, Pager } from '../core/pagination';
import { parseResponse } from '../core/parse-response';
import type { CallOptions, Transport } from '../core/transport';
import { RequestValidationError } from '../errors';
import {
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

const ListParamsSchema = z.strictObject({
  limit: z.optional(int().check(z.gte(1))),
  after: z.optional(z.string().check(z.minLength(1))),
});

function checkProviderInput(input: unknown): SecurityEventsProviderInput {
  const check = validateSecurityEventsProviderInput(input);
  if (!check.ok) throw new RequestValidationError('security events provider', check.issues);
  return check.value;
}

/**
 * The Security Events Providers API (`/api/v1/security-events-providers`): the providers whose
 * security event tokens the organization accepts. `settings` is either `{ issuer, jwks_url }` or,
 * for an SSF-compliant provider, `{ well_known_url }`. Inputs are refused with a
 * {@link RequestValidationError} before anything is sent. Needs the `okta.securityEventsProviders.read`
 * scope to read and `okta.securityEventsProviders.manage` to change.
 */
export interface SecurityEventsProvidersResource {
  /**
   * Lists providers. Returns a {@link Pager} at once (no `await`): iterate it with `for await`,
   * page with `.pages()`, or collect a bounded number with `.toArray({ max })`.
   */
  list(params?: ListSecurityEventsProvidersParams, options?: ListOptions): Pager<SecurityEventsProvider>;
  /**
   * Creates a provider; the organization starts accepting its tokens once it is ACTIVE. Never
   * retried after a connection error or a 5xx, because the provider may have been created.
   */
  create(input: SecurityEventsProviderInput, options?: CallOptions): ApiCall<SecurityEventsProvider>;
  /** Retrieves one provider. */
  get(providerId: string, options?: CallOptions): ApiCall<SecurityEventsProvider>;
  /** Replaces a provider's `name`, `type` and `settings` (either settings variant, whichever it had). */
  replace(providerId: string, input: SecurityEventsProviderInput, options?: CallOptions): ApiCall<SecurityEventsProvider>;
  /** Deletes a provider; the organization stops accepting its tokens. */
  delete(providerId: string, options?: CallOptions): ApiCall<void>;
  /** Activates a provider, so the organization accepts its tokens; returns the provider. */
  activate(providerId: string, options?: CallOptions): ApiCall<SecurityEventsProvider>;
  /** Deactivates a provider, so the organization refuses its tokens (`invalid_issuer`); returns the provider. */
  deactivate(providerId: string, options?: CallOptions): ApiCall<SecurityEventsProvider>;
}

const ROUTE = '/api/v1/security-events-providers';

// `create` and `replace` are written out: a provider's input is checked by its settings variant,
// with issues that name the variant's fields, which a schema alone does not give.
const providerOperations = defineOperations({
  list: { route: `GET ${ROUTE}`, answer: SecurityEventsProviderSchema, list: true, query: ListParamsSchema, what: 'security events providers' },
  get: { route: `GET ${ROUTE}/{providerId}`, answer: SecurityEventsProviderSchema },
  delete: { route: `DELETE ${ROUTE}/{providerId}` },
  activate: { route: `POST ${ROUTE}/{providerId}/lifecycle/activate`, answer: SecurityEventsProviderSchema, retry: 'idempotent' },
  deactivate: { route: `POST ${ROUTE}/{providerId}/lifecycle/deactivate`, answer: SecurityEventsProviderSchema, retry: 'idempotent' },
});

/** Builds {@link SecurityEventsProvidersResource} over a transport (`createClient` does). */
export function securityEventsProvidersResource(transport: Transport): SecurityEventsProvidersResource {
  return {
    ...providerOperations(transport),
    create(input, options) {
      return apiCall(async () => {
        const body = checkProviderInput(input);
        checkCallOptions(options);
        const response = await transport.send({ method: 'POST', target: ROUTE, json: body, retry: 'create', options });
        return { data: await parseResponse(transport, SecurityEventsProviderSchema, response, 'POST'), response };
      });
    },
    replace(providerId, input, options) {
      return apiCall(async () => {
        checkId(providerId, 'providerId');
        const body = checkProviderInput(input);
        checkCallOptions(options);
        const response = await transport.send({
          method: 'PUT',
          target: `${ROUTE}/${encodeURIComponent(providerId)}`,
          json: body,
          retry: 'idempotent',
          options,
        });
        return { data: await parseResponse(transport, SecurityEventsProviderSchema, response, 'PUT'), response };
      });
    },
  };
}
