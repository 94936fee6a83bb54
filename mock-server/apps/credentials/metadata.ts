import type { StoredApp } from '../store';
import { writeDocument, type XmlElement } from './xml';
import { isObject, type Json } from '../../shared/json';

// An app's SAML 2.0 IdP metadata, as real organizations answer `GET …/sso/saml/metadata`.

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const UNSPECIFIED_1_1 = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
const UNSPECIFIED_2_0 = 'urn:oasis:names:tc:SAML:2.0:nameid-format:unspecified';

/** The media type real organizations answer metadata with (the document itself declares UTF-8; it is ASCII). */
export const METADATA_CONTENT_TYPE = 'application/xml;charset=ISO-8859-1';

/** The app's external key (`exk…`), its id as a SAML identity provider: derived from the app id, so it needs no storage. */
export function externalKey(appId: string): string {
  return `exk${appId.slice(3)}`;
}

/** Base64 wrapped at 76 characters a line, as real organizations write certificates in metadata. */
export function wrap76(base64: string): string {
  return base64.match(/.{1,76}/g)?.join('\n') ?? '';
}

function signOnOf(app: StoredApp): Json {
  const settings = isObject(app.body.settings) ? app.body.settings : {};
  return isObject(settings.signOn) ? settings.signOn : {};
}

function appSettings(app: StoredApp): Json {
  const settings = isObject(app.body.settings) ? app.body.settings : {};
  return isObject(settings.app) ? settings.app : {};
}

/**
 * The IdP entity id: a custom app's `idpIssuer` with the org's external key filled in, Google
 * Workspace's `google.com/a/{domain}` (as recorded), else `http://www.okta.com/{exk…}`.
 */
function entityId(app: StoredApp, exk: string): string {
  const issuer = signOnOf(app).idpIssuer;
  if (app.kind === undefined && typeof issuer === 'string' && issuer !== '') return issuer.replace('${org.externalKey}', exk);
  const domain = appSettings(app).domain;
  if (app.body.name === 'google' && typeof domain === 'string' && domain !== '') return `google.com/a/${domain}`;
  return `http://www.okta.com/${exk}`;
}

/**
 * The NameID formats: a custom app's own (followed by emailAddress when its own is unspecified, as
 * recorded); those recorded for catalog apps; Okta's documented pair otherwise.
 */
function nameIdFormats(app: StoredApp): string[] {
  if (app.kind === undefined) {
    const format = signOnOf(app).subjectNameIdFormat;
    const own = typeof format === 'string' && format !== '' ? format : UNSPECIFIED_1_1;
    return own === UNSPECIFIED_1_1 ? [own, EMAIL] : [own];
  }
  if (app.body.name === 'google') return [EMAIL];
  if (app.body.name === 'amazon_aws') return [EMAIL, UNSPECIFIED_2_0];
  return [EMAIL, UNSPECIFIED_1_1];
}

function sloEnabled(app: StoredApp): boolean {
  const slo = signOnOf(app).slo;
  return isObject(slo) && slo.enabled === true;
}

/** The metadata document of a SAML 2.0 app signing with the certificate given (standard base64 DER). */
export function samlMetadata(app: StoredApp, origin: string, certificate: string): string {
  const exk = externalKey(app.body.id);
  const base = `${origin}/app/${encodeURIComponent(app.body.name)}/${exk}`;
  const services = (element: string, path: string): XmlElement[] =>
    [POST, REDIRECT].map((binding) => ({ name: element, attributes: [['Binding', binding], ['Location', `${base}/${path}`]] }));
  const descriptor: XmlElement = {
    name: 'md:IDPSSODescriptor',
    attributes: [
      ['WantAuthnRequestsSigned', 'false'],
      ['protocolSupportEnumeration', 'urn:oasis:names:tc:SAML:2.0:protocol'],
    ],
    children: [
      {
        name: 'md:KeyDescriptor',
        attributes: [['use', 'signing']],
        children: [
          {
            name: 'ds:KeyInfo',
            attributes: [['xmlns:ds', DS]],
            children: [{ name: 'ds:X509Data', children: [{ name: 'ds:X509Certificate', children: [wrap76(certificate)] }] }],
          },
        ],
      },
      ...(sloEnabled(app) ? services('md:SingleLogoutService', 'slo/saml') : []),
      ...nameIdFormats(app).map((format): XmlElement => ({ name: 'md:NameIDFormat', children: [format] })),
      ...services('md:SingleSignOnService', 'sso/saml'),
    ],
  };
  return writeDocument({
    name: 'md:EntityDescriptor',
    attributes: [
      ['entityID', entityId(app, exk)],
      ['xmlns:md', MD],
    ],
    children: [descriptor],
  });
}
