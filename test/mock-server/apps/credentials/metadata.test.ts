import { describe, expect, it } from 'vitest';
import { escapeAttribute, escapeText, writeDocument, writeElement } from '../../../../mock-server/apps/credentials/xml';
import { normaliseXml } from '../../../replay/sub-run';
import { loadSubresourceRecordings } from '../../../replay/recordings';
import { bookmarkApp, credentialBackend, ORG, samlApp } from './helpers';

const wrap76 = (base64: string) => base64.match(/.{1,76}/g)!.join('\n');

describe('GET /api/v1/apps/{appId}/sso/saml/metadata', () => {
  it("answers a custom SAML app's IdP metadata as real organizations write it", async () => {
    const { call } = credentialBackend();
    const app = (await call('POST', '/api/v1/apps', { json: samlApp() })).body;
    const key = (await call('GET', `/api/v1/apps/${app.id}/credentials/keys/${app.credentials.signing.kid}`)).body;
    const metadata = await call('GET', `/api/v1/apps/${app.id}/sso/saml/metadata?kid=${key.kid}`, { accept: 'application/xml' });
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get('content-type')).toBe('application/xml;charset=ISO-8859-1');
    const exk = `exk${app.id.slice(3)}`;
    const sso = `${ORG}/app/${app.name}/${exk}/sso/saml`;
    expect(metadata.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>' +
        `<md:EntityDescriptor entityID="http://www.okta.com/${exk}" xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">` +
        '<md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">' +
        '<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data>' +
        `<ds:X509Certificate>${wrap76(key.x5c[0])}</ds:X509Certificate>` +
        '</ds:X509Data></ds:KeyInfo></md:KeyDescriptor>' +
        '<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>' +
        `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${sso}"/>` +
        `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${sso}"/>` +
        '</md:IDPSSODescriptor></md:EntityDescriptor>',
    );
  });

  it('lists emailAddress after the app\'s own NameID format when that is unspecified, as recorded', async () => {
    const { call } = credentialBackend();
    const input = samlApp() as { settings: { signOn: Record<string, unknown> } };
    input.settings.signOn.subjectNameIdFormat = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
    const app = (await call('POST', '/api/v1/apps', { json: input })).body;
    const metadata = (await call('GET', `/api/v1/apps/${app.id}/sso/saml/metadata`, { accept: '*/*' })).text;
    expect(metadata.match(/<md:NameIDFormat>[^<]*<\/md:NameIDFormat>/g)).toEqual([
      '<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified</md:NameIDFormat>',
      '<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>',
    ]);
  });

  it('lists the single logout services, before the NameID formats, when the app has SLO on', async () => {
    const { call } = credentialBackend();
    const app = (await call('POST', '/api/v1/apps', { json: samlApp('Analytics', true) })).body;
    const metadata = (await call('GET', `/api/v1/apps/${app.id}/sso/saml/metadata`, { accept: '*/*' })).text;
    const slo = `${ORG}/app/${app.name}/exk${app.id.slice(3)}/slo/saml`;
    expect(metadata).toContain(
      `</md:KeyDescriptor><md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${slo}"/>` +
        `<md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${slo}"/><md:NameIDFormat>`,
    );
  });

  it('answers XML to Accept headers that take it: none, a wildcard, the SDKs’ "application/json, */*;q=0.8", text/xml', async () => {
    const { backend, call } = credentialBackend();
    const app = (await call('POST', '/api/v1/apps', { json: samlApp() })).body;
    const path = `${ORG}/api/v1/apps/${app.id}/sso/saml/metadata`;
    const statuses = [];
    for (const accept of [null, '*/*', 'application/json, */*;q=0.8', 'text/xml', 'application/samlmetadata+xml']) {
      const headers = new Headers({ authorization: `SSWS ${backend.defaultToken}` });
      if (accept !== null) headers.set('accept', accept);
      const response = await backend.fetch(new Request(path, { headers }));
      statuses.push([accept, response.status, response.headers.get('content-type')]);
    }
    expect(statuses.every(([, status, type]) => status === 200 && type === 'application/xml;charset=ISO-8859-1')).toBe(true);
  });

  it('with only Accept: application/json answers 400 E0000019 and no causes, as recorded', async () => {
    const { call } = credentialBackend();
    const app = (await call('POST', '/api/v1/apps', { json: samlApp() })).body;
    const refused = await call('GET', `/api/v1/apps/${app.id}/sso/saml/metadata?kid=test-key-id`, { accept: 'application/json' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toBe('application/json');
    expect(refused.body).toMatchObject({
      errorCode: 'E0000019',
      errorSummary: 'Bad request. Accept and/or Content-Type headers likely do not match supported values.',
      errorLink: 'E0000019',
      errorCauses: [],
    });
  });

  it("answers 404 for a kid that is not one of the app's keys, even another app's", async () => {
    const { call } = credentialBackend();
    const app = (await call('POST', '/api/v1/apps', { json: samlApp('One') })).body;
    const other = (await call('POST', '/api/v1/apps', { json: samlApp('Two') })).body;
    for (const kid of ['unknown', other.credentials.signing.kid]) {
      const missing = await call('GET', `/api/v1/apps/${app.id}/sso/saml/metadata?kid=${kid}`, { accept: 'application/xml' });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ errorCode: 'E0000007', errorSummary: `Not found: Resource not found: ${kid} (KeyCredential)` });
    }
  });

  it('answers 404 for an app that is not a SAML 2.0 app', async () => {
    const { call } = credentialBackend();
    const app = (await call('POST', '/api/v1/apps', { json: bookmarkApp() })).body;
    const missing = await call('GET', `/api/v1/apps/${app.id}/sso/saml/metadata`, { accept: 'application/xml' });
    expect(missing.status).toBe(404);
    expect(missing.body.errorSummary).toBe(`Not found: Resource not found: ${app.id} (SamlMetadata)`);
  });

  it('is the target of the app’s _links.metadata, which answers without a kid (the signing key)', async () => {
    const { backend, call } = credentialBackend();
    const app = (await call('POST', '/api/v1/apps', { json: samlApp() })).body;
    const response = await backend.fetch(new Request(app._links.metadata.href, { headers: { authorization: `SSWS ${backend.defaultToken}` } }));
    expect(response.status).toBe(200);
    const key = (await call('GET', `/api/v1/apps/${app.id}/credentials/keys/${app.credentials.signing.kid}`)).body;
    expect((await response.text()).replace(/\n/g, '')).toContain(key.x5c[0]);
  });

  it("escapes what the app holds: an IdP issuer with markup stays the entity id's text", async () => {
    const { call } = credentialBackend();
    const input = samlApp() as { settings: { signOn: Record<string, unknown> } };
    input.settings.signOn.idpIssuer = 'urn:x:<b>"&\'é/${org.externalKey}';
    const app = (await call('POST', '/api/v1/apps', { json: input })).body;
    const metadata = (await call('GET', `/api/v1/apps/${app.id}/sso/saml/metadata`, { accept: 'application/xml' })).text;
    expect(metadata).toContain(`<md:EntityDescriptor entityID="urn:x:&lt;b&gt;&quot;&amp;'&#233;/exk${app.id.slice(3)}" xmlns:md=`);
  });
});

describe('the XML writer', () => {
  it('escapes text: &, < and > as entities, anything beyond ASCII as a character reference', () => {
    expect(escapeText('a & b < c > d "e" \'f\' é 😀')).toBe('a &amp; b &lt; c &gt; d "e" \'f\' &#233; &#128512;');
  });

  it('escapes attributes: quotes too, and line breaks and tabs as references (a parser would fold them)', () => {
    expect(escapeAttribute('a"b\nc\td\re&')).toBe('a&quot;b&#10;c&#9;d&#13;e&amp;');
  });

  it('replaces what XML 1.0 cannot hold (control characters, lone surrogates) with U+FFFD', () => {
    expect(escapeText('a\u0000b\u001fc\ud800d')).toBe('a&#65533;b&#65533;c&#65533;d');
  });

  it('writes elements without whitespace, self-closing when empty, and refuses a name that is not one', () => {
    expect(writeElement({ name: 'a:b', attributes: [['x', '1']], children: [{ name: 'c' }, 'text'] })).toBe('<a:b x="1"><c/>text</a:b>');
    expect(writeDocument({ name: 'r' })).toBe('<?xml version="1.0" encoding="UTF-8"?><r/>');
    expect(() => writeElement({ name: 'a b' })).toThrow('Not an XML name: "a b"');
    expect(() => writeElement({ name: 'a', attributes: [['x="1" y', '2']] })).toThrow(/^Not an XML name/);
  });
});

const recordings = loadSubresourceRecordings();

describe.skipIf(!recordings)('the metadata of catalog apps, as recorded', () => {
  // These are setup steps of the replay (not compared there): the apps' creates are the main file's.
  const recorded = (appName: string) => {
    const scenario = recordings!.scenarios.find((s) => s.steps.some((st) => (st.response.body as { name?: string } | null)?.name === appName && st.request.method === 'POST'))!;
    const step = scenario.steps.find((st) => st.endpoint === 'GET /api/v1/apps/{appId}/sso/saml/metadata')!;
    return { scenario, text: (step.response as { bodyText: string }).bodyText };
  };

  it.each([
    ['google', { name: 'google', label: 'Google', signOnMode: 'SAML_2_0', settings: { app: { domain: 'articulate' } } }],
    ['amazon_aws', { name: 'amazon_aws', label: 'AWS', signOnMode: 'SAML_2_0', settings: { app: {} } }],
  ])('%s: the same document, org URLs, ids and certificates aside', async (name, input) => {
    const { scenario, text } = recorded(name);
    const { call } = credentialBackend();
    const app = (await call('POST', '/api/v1/apps', { json: input })).body;
    expect(app.id, JSON.stringify(app)).toBeDefined();
    const ours = (await call('GET', `/api/v1/apps/${app.id}/sso/saml/metadata`, { accept: 'application/xml' })).text;
    const ctx = { origins: [...scenario.origins, ORG], generatedNames: new Set<string>(), optional: new Set<string>(), old: false };
    expect(normaliseXml(ours, ctx)).toBe(normaliseXml(text, ctx));
  });
});
