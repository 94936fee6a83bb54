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
  status_endpoint?: string;
  add_subject_endpoint?: string;
  remove_subject_endpoint?: string;
  verification_endpoint?: string;
  /** Members of a complex subject that a receiver must understand. */
  critical_subject_members?: string[];
  /** How the stream management API is authorized, e.g. `[{ spec_urn: 'urn:ietf:rfc:6749' }]`. */
  authorization_schemes?: Array<{ spec_urn: string }>;
  /** Whether new streams hold every subject (`ALL`) or none (`NONE`). */
  default_subjects?: 'ALL' | 'NONE';
}

/** Options of {@link ssfConfiguration}. */
export interface SsfConfigurationOptions {
  /** The issuer identifier, exactly as the tokens' `iss` spells it: an https URL without query or fragment. */
  issuer: string;
  /** Where the public key set is served (https). */
  jwksUri: string | URL;
  /** Default `['urn:ietf:rfc:8935']`: push delivery, the one method Okta's receiver uses. */
  deliveryMethodsSupported?: readonly string[];
  configurationEndpoint?: string | URL;
  statusEndpoint?: string | URL;
  addSubjectEndpoint?: string | URL;
  removeSubjectEndpoint?: string | URL;
  verificationEndpoint?: string | URL;
  criticalSubjectMembers?: readonly string[];
  authorizationSchemes?: ReadonlyArray<{ spec_urn: string }>;
  defaultSubjects?: 'ALL' | 'NONE';
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
 * `delivery_methods_supported` (push by default) and any stream management endpoints given, the
 * URLs checked (https; http only on this machine, for local tests). Serve it as `application/json`
 * at {@link ssfConfigurationUrl}, or let `createProviderHandler` do both. Bad options throw a
 * {@link SecurityEventTokenInputError} naming each field.
 */
export function ssfConfiguration(options: SsfConfigurationOptions): SsfConfiguration {
  checkIssuer(options?.issuer, 'issuer');
  const issues: FieldIssue[] = [];
  const url = (name: keyof SsfConfigurationOptions): string | undefined => {
    const value = options[name];
    if (value === undefined) return undefined;
    const problem = secureUrlProblem(value);
    if (problem !== undefined) issues.push({ path: name, reason: problem });
    return String(value);
  };
  const list = <T>(name: keyof SsfConfigurationOptions, fallback?: readonly T[]): T[] | undefined => {
    const value = (options[name] as readonly T[] | undefined) ?? fallback;
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) issues.push({ path: name, reason: 'Must be an array' });
    // SSF 1.0 §7.2.2: claims with zero elements are omitted.
    return Array.isArray(value) && value.length > 0 ? [...value] : undefined;
  };
  const jwksUri = url('jwksUri');
  if (jwksUri === undefined) issues.push({ path: 'jwksUri', reason: `${BLANK_FIELD}: a provider that signs tokens publishes its key set` });
  const document: Record<string, unknown> = {
    spec_version: '1_0',
    issuer: options.issuer,
    jwks_uri: jwksUri,
    delivery_methods_supported: list('deliveryMethodsSupported', [PUSH_DELIVERY_METHOD]),
    configuration_endpoint: url('configurationEndpoint'),
    status_endpoint: url('statusEndpoint'),
    add_subject_endpoint: url('addSubjectEndpoint'),
    remove_subject_endpoint: url('removeSubjectEndpoint'),
    verification_endpoint: url('verificationEndpoint'),
    critical_subject_members: list('criticalSubjectMembers'),
    authorization_schemes: list('authorizationSchemes'),
    default_subjects: options.defaultSubjects,
  };
  if (options.defaultSubjects !== undefined && options.defaultSubjects !== 'ALL' && options.defaultSubjects !== 'NONE') {
    issues.push({ path: 'defaultSubjects', reason: "Must be 'ALL' or 'NONE'" });
  }
  if (issues.length > 0) throw new SecurityEventTokenInputError(FAILED, issues);
  for (const key of Object.keys(document)) if (document[key] === undefined) delete document[key];
  return document as unknown as SsfConfiguration;
}
