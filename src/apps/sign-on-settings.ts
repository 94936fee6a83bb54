import { z } from 'zod';
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
    namespace: z.enum(ATTRIBUTE_NAME_FORMATS).nullish(),
    values: optionalTexts,
    filterType: z.enum(['STARTS_WITH', 'EQUALS', 'CONTAINS', 'REGEX']).nullish(),
    filterValue: optionalText,
  });
}

/** `settings.signOn` of a custom `SAML_2_0` app: `ssoAcsUrl` and `audience` are required. */
export function customSamlSignOn<C extends ObjectConfig>(object: ObjectFactory<C>) {
  const statements = z.array(attributeStatement(object)).nullish();
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
    subjectNameIdFormat: z
      .enum([
        'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
        'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
        'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
        'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
        'urn:oasis:names:tc:SAML:1.1:nameid-format:x509SubjectName',
      ])
      .nullish(),
    responseSigned: optionalFlag,
    assertionSigned: optionalFlag,
    signatureAlgorithm: z.enum(['RSA_SHA1', 'RSA_SHA256']).nullish(),
    digestAlgorithm: z.enum(['SHA1', 'SHA256']).nullish(),
    honorForceAuthn: optionalFlag,
    authnContextClassRef: z
      .enum([
        'urn:federation:authentication:windows',
        'oasis:names:tc:SAML:2.0:ac:classes:Kerberos',
        'urn:oasis:names:tc:SAML:2.0:ac:classes:Password',
        'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
        'urn:oasis:names:tc:SAML:2.0:ac:classes:TLSClient',
        'urn:oasis:names:tc:SAML:2.0:ac:classes:unspecified',
        'urn:oasis:names:tc:SAML:2.0:ac:classes:X509',
      ])
      .nullish(),
    samlAssertionLifetimeSeconds: z.number().int().min(0).nullish(),
    requestCompressed: optionalFlag,
    samlSignedRequestEnabled: optionalFlag,
    allowMultipleAcsEndpoints: optionalFlag,
    acsEndpoints: z
      .array(object({ url: requiredText, index: z.number().int().min(0) }))
      .max(100)
      .nullish(),
    attributeStatements: statements,
    configuredAttributeStatements: statements,
    inlineHooks: z.array(object({ id: requiredText })).nullish(),
    slo: object({ enabled: optionalFlag, issuer: optionalText, logoutUrl: optionalText }).nullish(),
    participateSlo: object({
      enabled: optionalFlag,
      logoutRequestUrl: optionalText,
      sessionIndexRequired: optionalFlag,
      bindingType: z.enum(['POST', 'REDIRECT']).nullish(),
    }).nullish(),
    spCertificate: object({ x5c: optionalTexts }).nullish(),
    assertionEncryption: object({
      enabled: optionalFlag,
      encryptionAlgorithm: z.enum(['AES128_CBC', 'AES256_CBC', 'AES256_GCM']).nullish(),
      keyTransportAlgorithm: z.enum(['RSA_OAEP', 'RSA_15']).nullish(),
      x5c: optionalTexts,
    }).nullish(),
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
    slo: object({ enabled: optionalFlag, issuer: optionalText, logoutUrl: optionalText }).nullish(),
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
    samlAssertionLifetimeSeconds: z.number().int().min(0).nullish(),
    attributeStatements: z.array(attributeStatement(object)).nullish(),
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
    attributeStatements: z.array(attributeStatement(object)).nullish(),
  });
}

/** `settings.signOn` of a custom `AUTO_LOGIN` (SWA) app: `loginUrl` is required. */
export function autoLoginSignOn<C extends ObjectConfig>(object: ObjectFactory<C>) {
  return object({ redirectUrl: optionalText, loginUrl: requiredText });
}
