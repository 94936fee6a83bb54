import { BLANK_FIELD, type FieldIssue } from '../validation/field-issues';
import { secureUrlProblem } from '../validation/loopback';
import { SecurityEventTokenInputError } from './errors';

/** The well-known path of an SSF transmitter's configuration (SSF 1.0 §7.2, registered with IANA). */
export const SSF_CONFIGURATION_PATH = '/.well-known/ssf-configuration';

/** The delivery method URI of RFC 8935 push delivery, the one Okta's receiver takes (SSF 1.0 §6.1.1). */
export const PUSH_DELIVERY_METHOD = 'urn:ietf:rfc:8935';

/** The delivery method URI of RFC 8936 poll delivery (SSF 1.0 §6.1.2). */
export const POLL_DELIVERY_METHOD = 'urn:ietf:rfc:8936';

/**
 * An SSF 1.0 Transmitter Configuration Metadata document (SSF 1.0 §7.1), as a provider publishes it at
 * {@link ssfConfigurationUrl}. Only `issuer` is required by the specification; a provider that signs
 * must also give `jwks_uri`. Members with no value are left out, as §7.2.2 asks.
 */
export interface SsfConfiguration {
  /** The specification version implemented: `1_0` for the final SSF 1.0. */
  spec_version: string;
  /** The provider's issuer identifier, identical to the `iss` of its tokens. */
  issuer: string;
  /** The URL of the provider's public key set. */
  jwks_uri: string;
  /** The delivery methods supported, e.g. `urn:ietf:rfc:8935` (push). */
  delivery_methods_supported?: string[];
  /** Stream management endpoints (SSF 1.0 §8), for transmitters that offer them. */
  configuration_endpoint?: string;
  /** Where a receiver reads or updates a stream's status (enabled, paused, disabled). */
  status_endpoint?: string;
  /** Where a receiver adds a subject to a stream. */
  add_subject_endpoint?: string;
  /** Where a receiver removes a subject from a stream. */
  remove_subject_endpoint?: string;
  /** Where a receiver asks for a verification event on a stream. */
  verification_endpoint?: string;
  /** Members of a complex subject that a receiver must understand. */
  critical_subject_members?: string[];
  /** How the stream management API is authorized, e.g. `[{ spec_urn: 'urn:ietf:rfc:6749' }]`. */
  authorization_schemes?: Array<{ spec_urn: string }>;
  /** Whether new streams hold every subject (`ALL`) or none (`NONE`). */
  default_subjects?: 'ALL' | 'NONE';
}

/** The Transmitter Configuration Metadata members besides `spec_version`, `issuer` and `jwks_uri`, by their SSF names. */
export type SsfMetadata = Omit<SsfConfiguration, 'spec_version' | 'issuer' | 'jwks_uri'>;

/** Options of {@link ssfConfiguration}. */
export interface SsfConfigurationOptions {
  /** The issuer identifier, exactly as the tokens' `iss` spells it: an https URL without query or fragment. */
  issuer: string;
  /** Where the public key set is served (https). */
  jwksUri: string | URL;
  /**
   * Any other members, by their SSF names, e.g. `{ configuration_endpoint, authorization_schemes }`.
   * `delivery_methods_supported` defaults to `['urn:ietf:rfc:8935']`: push, the one method Okta's receiver uses.
   */
  metadata?: SsfMetadata;
}

const FAILED = 'Cannot build the SSF configuration';

/** Why `issuer` cannot be an SSF issuer identifier, or `undefined`. */
function issuerProblem(issuer: unknown): string | undefined {
  const problem = secureUrlProblem(issuer);
  if (problem !== undefined) return problem;
  const url = new URL(issuer as string);
  if (url.search !== '' || url.hash !== '' || /[?#]/.test(issuer as string)) return 'Must have no query or fragment';
  return undefined;
}

function checkIssuer(issuer: unknown, path: string): asserts issuer is string {
  const problem = typeof issuer === 'string' ? issuerProblem(issuer) : 'Must be a string: the exact iss of the tokens';
  if (problem !== undefined) throw new SecurityEventTokenInputError(FAILED, [{ path, reason: problem }]);
}

/**
 * The URL of an issuer's SSF configuration: `/.well-known/ssf-configuration` inserted between the
 * host and the issuer's path, once a trailing `/` is removed (SSF 1.0 §7.2):
 * `https://tr.example.com/issuer1` → `https://tr.example.com/.well-known/ssf-configuration/issuer1`.
 */
export function ssfConfigurationUrl(issuer: string): string {
  checkIssuer(issuer, 'issuer');
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, '');
  return `${url.origin}${SSF_CONFIGURATION_PATH}${path}`;
}

/**
 * The provider's SSF 1.0 configuration document: `spec_version: "1_0"`, `issuer`, `jwks_uri`,
 * `delivery_methods_supported` (push by default) and the other members given, every URL checked
 * (https; http only on this machine, for local tests) and empty lists left out. Serve it as
 * `application/json` at {@link ssfConfigurationUrl}, or let `createProviderHandler` do both. Bad
 * options throw a {@link SecurityEventTokenInputError} naming each field.
 */
export function ssfConfiguration(options: SsfConfigurationOptions): SsfConfiguration {
  checkIssuer(options?.issuer, 'issuer');
  const document: Record<string, unknown> = {
    spec_version: '1_0',
    issuer: options.issuer,
    jwks_uri: options.jwksUri === undefined ? undefined : String(options.jwksUri),
    delivery_methods_supported: [PUSH_DELIVERY_METHOD],
    ...options.metadata,
  };
  const issues: FieldIssue[] = [];
  for (const [name, value] of Object.entries(document)) {
    const path = name === 'jwks_uri' ? 'jwksUri' : name === 'issuer' || name === 'spec_version' ? name : `metadata.${name}`;
    // SSF 1.0 §7.2.2: claims with zero elements are omitted.
    if (value === undefined || (Array.isArray(value) && value.length === 0)) delete document[name];
    else if (/(_uri|_endpoint)$/.test(name)) {
      const problem = secureUrlProblem(value);
      if (problem !== undefined) issues.push({ path, reason: problem });
      else document[name] = String(value);
    }
  }
  if (document.jwks_uri === undefined) issues.push({ path: 'jwksUri', reason: `${BLANK_FIELD}: a provider that signs tokens publishes its key set` });
  if (issues.length > 0) throw new SecurityEventTokenInputError(FAILED, issues);
  return document as unknown as SsfConfiguration;
}
