import * as z from 'zod/mini';
import { int } from '../validation/int';
import {
  optionalFlag,
  optionalText,
  optionalTexts,
  requiredText,
  type ObjectConfig,
  type ObjectFactory,
} from './common-fields';

const ATTRIBUTE_NAME_FORMATS = [
  'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
  'urn:oasis:names:tc:SAML:2.0:attrname-format:uri',
  'urn:oasis:names:tc:SAML:2.0:attrname-format:unspecified',
] as const;

/** A SAML attribute statement (`EXPRESSION` uses `values`, `GROUP` the `filter…` members). */
function attributeStatement<C extends ObjectConfig>(object: ObjectFactory<C>) {
  return object({
    type: z.enum(['EXPRESSION', 'GROUP']),
    name: requiredText,
    namespace: z.nullish(z.enum(ATTRIBUTE_NAME_FORMATS)),
    values: optionalTexts,
    filterType: z.nullish(z.enum(['STARTS_WITH', 'EQUALS', 'CONTAINS', 'REGEX'])),
    filterValue: optionalText,
  });
}

/** `settings.signOn` of a custom `SAML_2_0` app: `ssoAcsUrl` and `audience` are required. */
export function customSamlSignOn<C extends ObjectConfig>(object: ObjectFactory<C>) {
  const statements = z.nullish(z.array(attributeStatement(object)));
  return object({
    ssoAcsUrl: requiredText,
    ssoAcsUrlOverride: optionalText,
    audience: requiredText,
    audienceOverride: optionalText,
    recipient: optionalText,
    recipientOverride: optionalText,
    destination: optionalText,
    destinationOverride: optionalText,
    defaultRelayState: optionalText,
    idpIssuer: optionalText,
    spIssuer: optionalText,
    subjectNameIdTemplate: optionalText,
    subjectNameIdFormat: z.nullish(z
      .enum([
        'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
        'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
        'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
        'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
        'urn:oasis:names:tc:SAML:1.1:nameid-format:x509SubjectName',
      ])),
    responseSigned: optionalFlag,
    assertionSigned: optionalFlag,
    signatureAlgorithm: z.nullish(z.enum(['RSA_SHA1', 'RSA_SHA256'])),
    digestAlgorithm: z.nullish(z.enum(['SHA1', 'SHA256'])),
    honorForceAuthn: optionalFlag,
    authnContextClassRef: z.nullish(z
      .enum([
        'urn:federation:authentication:windows',
        'oasis:names:tc:SAML:2.0:ac:classes:Kerberos',
        'urn:oasis:names:tc:SAML:2.0:ac:classes:Password',
        'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
        'urn:oasis:names:tc:SAML:2.0:ac:classes:TLSClient',
        'urn:oasis:names:tc:SAML:2.0:ac:classes:unspecified',
        'urn:oasis:names:tc:SAML:2.0:ac:classes:X509',
      ])),
    samlAssertionLifetimeSeconds: z.nullish(int().check(z.gte(0))),
    requestCompressed: optionalFlag,
    samlSignedRequestEnabled: optionalFlag,
    allowMultipleAcsEndpoints: optionalFlag,
    acsEndpoints: z.nullish(z
      .array(object({ url: requiredText, index: int().check(z.gte(0)) })).check(z.maxLength(100))),
    attributeStatements: statements,
    configuredAttributeStatements: statements,
    inlineHooks: z.nullish(z.array(object({ id: requiredText }))),
    slo: z.nullish(object({ enabled: optionalFlag, issuer: optionalText, logoutUrl: optionalText })),
    participateSlo: z.nullish(object({
      enabled: optionalFlag,
      logoutRequestUrl: optionalText,
      sessionIndexRequired: optionalFlag,
      bindingType: z.nullish(z.enum(['POST', 'REDIRECT'])),
    })),
    spCertificate: z.nullish(object({ x5c: optionalTexts })),
    assertionEncryption: z.nullish(object({
      enabled: optionalFlag,
      encryptionAlgorithm: z.nullish(z.enum(['AES128_CBC', 'AES256_CBC', 'AES256_GCM'])),
      keyTransportAlgorithm: z.nullish(z.enum(['RSA_OAEP', 'RSA_15'])),
      x5c: optionalTexts,
    })),
  });
}

/**
 * Members real organizations accept in a catalog app's `settings.signOn` and answer without (the
 * catalog fixes them): clients such as Terraform's send them for every SAML app.
 */
function acceptedCatalogSignOnFlags<C extends ObjectConfig>(object: ObjectFactory<C>) {
  return {
    allowMultipleAcsEndpoints: optionalFlag,
    assertionSigned: optionalFlag,
    honorForceAuthn: optionalFlag,
    responseSigned: optionalFlag,
    samlSignedRequestEnabled: optionalFlag,
    slo: z.nullish(object({ enabled: optionalFlag, issuer: optionalText, logoutUrl: optionalText })),
  };
}

/** `settings.signOn` of a catalog app in `SAML_2_0` mode: the overrides Okta lets a caller set. */
export function catalogSaml20SignOn<C extends ObjectConfig>(object: ObjectFactory<C>) {
  return object({
    ...acceptedCatalogSignOnFlags(object),
    defaultRelayState: optionalText,
    ssoAcsUrlOverride: optionalText,
    audienceOverride: optionalText,
    recipientOverride: optionalText,
    destinationOverride: optionalText,
    samlAssertionLifetimeSeconds: z.nullish(int().check(z.gte(0))),
    attributeStatements: z.nullish(z.array(attributeStatement(object))),
  });
}

/** `settings.signOn` of a catalog app in `SAML_1_1` mode. */
export function catalogSaml11SignOn<C extends ObjectConfig>(object: ObjectFactory<C>) {
  return object({
    ...acceptedCatalogSignOnFlags(object),
    defaultRelayState: optionalText,
    ssoAcsUrlOverride: optionalText,
    audienceOverride: optionalText,
    recipientOverride: optionalText,
    destinationOverride: optionalText,
    attributeStatements: z.nullish(z.array(attributeStatement(object))),
  });
}

/** `settings.signOn` of a custom `AUTO_LOGIN` (SWA) app: `loginUrl` is required. */
export function autoLoginSignOn<C extends ObjectConfig>(object: ObjectFactory<C>) {
  return object({ redirectUrl: optionalText, loginUrl: requiredText });
}
