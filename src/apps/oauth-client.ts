import * as z from 'zod/mini';
import { int } from '../validation/int';
import { recordOf } from '../validation/record';
import {
  optionalFlag,
  optionalText,
  optionalTexts,
  type ObjectConfig,
  type ObjectFactory,
} from './common-fields';

/** Grant types an OAuth 2.0 client app may request. */
export const GRANT_TYPES = [
  'authorization_code',
  'client_credentials',
  'implicit',
  'interaction_code',
  'password',
  'refresh_token',
  'urn:ietf:params:oauth:grant-type:device_code',
  'urn:ietf:params:oauth:grant-type:jwt-bearer',
  'urn:ietf:params:oauth:grant-type:saml2-bearer',
  'urn:ietf:params:oauth:grant-type:token-exchange',
  'urn:openid:params:grant-type:ciba',
  'urn:okta:params:oauth:grant-type:otp',
  'urn:okta:params:oauth:grant-type:oob',
  'http://auth0.com/oauth/grant-type/mfa-otp',
  'http://auth0.com/oauth/grant-type/mfa-oob',
] as const;

/** Authentication methods of an OAuth 2.0 client at the token endpoint. */
export const TOKEN_ENDPOINT_AUTH_METHODS = [
  'client_secret_basic',
  'client_secret_jwt',
  'client_secret_post',
  'none',
  'private_key_jwt',
] as const;

const JWS_ALGORITHMS = [
  'HS256',
  'HS384',
  'HS512',
  'RS256',
  'RS384',
  'RS512',
  'ES256',
  'ES384',
  'ES512',
] as const;

/** `credentials.oauthClient` of an `oidc_client` app; `token_endpoint_auth_method` is required. */
export function oauthClientCredentials<C extends ObjectConfig>(object: ObjectFactory<C>) {
  return object({
    client_id: z.nullish(z.string().check(z.minLength(6)).check(z.maxLength(100))),
    client_secret: z.nullish(z.string().check(z.minLength(14)).check(z.maxLength(100))),
    token_endpoint_auth_method: z.enum(TOKEN_ENDPOINT_AUTH_METHODS),
    autoKeyRotation: optionalFlag,
    pkce_required: optionalFlag,
  });
}

/** `settings.oauthClient` of an `oidc_client` app: `grant_types` is required and not empty. */
export function oauthClientSettings<C extends ObjectConfig>(object: ObjectFactory<C>) {
  return object({
    client_uri: z.nullish(z.string().check(z.maxLength(1024))),
    logo_uri: z.nullish(z.string().check(z.maxLength(1024))),
    redirect_uris: optionalTexts,
    post_logout_redirect_uris: optionalTexts,
    response_types: z.nullish(z.array(z.enum(['code', 'id_token', 'token']))),
    grant_types: z.array(z.enum(GRANT_TYPES)).check(z.minLength(1)),
    application_type: z.nullish(z.enum(['web', 'native', 'browser', 'service'])),
    consent_method: z.nullish(z.enum(['REQUIRED', 'TRUSTED'])),
    initiate_login_uri: optionalText,
    policy_uri: optionalText,
    tos_uri: optionalText,
    issuer_mode: z.nullish(z.enum(['CUSTOM_URL', 'DYNAMIC', 'ORG_URL'])),
    idp_initiated_login: z.nullish(object({
      mode: z.enum(['DISABLED', 'SPEC', 'OKTA']),
      default_scope: optionalTexts,
    })),
    wildcard_redirect: z.nullish(z.enum(['DISABLED', 'SUBDOMAIN'])),
    jwks_uri: optionalText,
    // Keys carry many algorithm-specific members (n, e, x, y, crv, …), not checked one by one.
    jwks: z.nullish(object({ keys: z.array(recordOf(z.unknown())) })),
    refresh_token: z.nullish(object({
      rotation_type: z.enum(['ROTATE', 'STATIC']),
      leeway: z.nullish(int().check(z.gte(0)).check(z.lte(60))),
    })),
    network: z.nullish(object({
      connection: z.enum(['ANYWHERE', 'ZONE']),
      include: optionalTexts,
      exclude: optionalTexts,
    })),
    request_object_signing_alg: z.nullish(z.enum(JWS_ALGORITHMS)),
    id_token_encrypted_response_alg: z.nullish(z
      .enum(['RSA-OAEP-256', 'RSA-OAEP-384', 'RSA-OAEP-512'])),
    sector_identifier_uri: z.nullish(z.string().check(z.maxLength(1024))),
    subject_type: z.nullish(z.enum(['public', 'pairwise'])),
    participate_slo: optionalFlag,
    frontchannel_logout_uri: z.nullish(z.string().check(z.maxLength(1024))),
    frontchannel_logout_session_required: optionalFlag,
    dpop_bound_access_tokens: optionalFlag,
    backchannel_token_delivery_mode: z.nullish(z.enum(['poll', 'ping', 'push'])),
    backchannel_authentication_request_signing_alg: z.nullish(z.enum(JWS_ALGORITHMS)),
    backchannel_custom_authenticator_id: z.nullish(z.string().check(z.minLength(20), z.maxLength(20))),
  });
}
