import { X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import { AlgorithmIdentifier, AttributeTypeAndValue, Certificate, CertificationRequest, PublicKeyInfo, Time } from 'pkijs';
import { describe, expect, it } from 'vitest';
import { bookmarkApp, credentialBackend, ORG } from './helpers';

const START = Date.parse('2026-03-01T10:00:30.000Z');
const DAY = 86_400_000;
const METADATA = { subject: { commonName: 'SP Issuer', countryName: 'Canada', localityName: 'Toronto', organizationName: 'Okta, Inc.', organizationalUnitName: 'Dev' }, subjectAltNames: { dnsNames: ['dev.okta.com'] } };

/** A certificate for `spki` (the CSR's public key), issued by a CA the test makes, valid from `notBefore` for `days`. */
async function issue(spki: ArrayBuffer, notBefore: number, days: number): Promise<Buffer> {
  const ca = await crypto.subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, false, ['sign', 'verify']);
  const certificate = new Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ value: 4242 });
  certificate.issuer.typesAndValues.push(new AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: 'Test CA' }) }));
  certificate.subject.typesAndValues.push(new AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: 'SP Issuer' }) }));
  certificate.notBefore = new Time({ type: 0, value: new Date(notBefore) });
  certificate.notAfter = new Time({ type: 0, value: new Date(notBefore + days * DAY) });
  certificate.subjectPublicKeyInfo = new PublicKeyInfo({ schema: asn1js.fromBER(spki).result });
  certificate.signature = new AlgorithmIdentifier({ algorithmId: '1.2.840.113549.1.1.11', algorithmParams: new asn1js.Null() });
  certificate.signatureAlgorithm = new AlgorithmIdentifier({ algorithmId: '1.2.840.113549.1.1.11', algorithmParams: new asn1js.Null() });
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', ca.privateKey, certificate.encodeTBS().toBER(false));
  certificate.signatureValue = new asn1js.BitString({ valueHex: signature });
  return Buffer.from(certificate.toSchema(true).toBER(false));
}

const pem = (der: Buffer) => `-----BEGIN CERTIFICATE-----\n${der.toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;

async function withCsr() {
  const { backend, call } = credentialBackend({ now: () => START });
  const app = (await call('POST', '/api/v1/apps', { json: bookmarkApp() })).body;
  const created = await call('POST', `/api/v1/apps/${app.id}/credentials/csrs`, { json: METADATA });
  const request = CertificationRequest.fromBER(Buffer.from(created.body.csr, 'base64'));
  const spki = request.subjectPublicKeyInfo.toSchema().toBER(false);
  return { backend, call, app, created, request, spki };
}

describe('POST /api/v1/apps/{appId}/credentials/csrs', () => {
  it("answers 201, the CSR as JSON in real organizations' member order, and its Location", async () => {
    const { app, created } = await withCsr();
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['id', 'created', 'csr', 'kty', '_links']);
    const self = `${ORG}/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}`;
    expect(created.headers.get('location')).toBe(self);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      created: '2026-03-01T10:00:30.000Z',
      kty: 'RSA',
      _links: { publish: { href: `${self}/lifecycle/publish`, hints: { allow: ['POST'] } }, self: { href: self, hints: { allow: ['GET', 'DELETE'] } } },
    });
  });

  it('holds a PKCS #10 request signed by its 2048-bit key, for the subject and DNS names asked, in that order', async () => {
    const { request } = await withCsr();
    expect(await request.verify()).toBe(true);
    expect(request.subject.typesAndValues.map((t) => [t.type, t.value.valueBlock.value])).toEqual([
      ['2.5.4.6', 'Canada'],
      ['2.5.4.7', 'Toronto'],
      ['2.5.4.10', 'Okta, Inc.'],
      ['2.5.4.11', 'Dev'],
      ['2.5.4.3', 'SP Issuer'],
    ]);
    const extensions = request.attributes![0]!.values[0] as asn1js.Sequence;
    const san = (extensions.valueBlock.value[0] as asn1js.Sequence).valueBlock.value;
    expect((san[0] as asn1js.ObjectIdentifier).valueBlock.toString()).toBe('2.5.29.17');
    expect(Buffer.from((san[1] as asn1js.OctetString).valueBlock.valueHexView).toString('latin1')).toContain('dev.okta.com');
  });

  it('answers the request itself (base64 DER, as Okta sends it) to Accept: application/pkcs10', async () => {
    const { backend, call } = credentialBackend();
    const app = (await call('POST', '/api/v1/apps', { json: bookmarkApp() })).body;
    const created = await call('POST', `/api/v1/apps/${app.id}/credentials/csrs`, { json: METADATA, accept: 'application/pkcs10' });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('application/pkcs10; filename=okta.p10');
    expect(created.headers.get('content-transfer-encoding')).toBe('base64');
    const request = CertificationRequest.fromBER(Buffer.from(created.text, 'base64'));
    expect(await request.verify()).toBe(true);
    const id = created.headers.get('location')!.split('/').pop()!;
    const again = await call('GET', `/api/v1/apps/${app.id}/credentials/csrs/${id}`, { accept: 'application/pkcs10' });
    expect(again.text).toBe(created.text);
    expect(backend.apps.size).toBe(1);
  });

  it.each([
    ['no subject', {}, 'subject: The field cannot be left blank'],
    ['a subject member that is not a string', { subject: { commonName: 7 } }, 'subject.commonName: Must be a string'],
    ['an unknown member', { subject: { commonName: 'x' }, extra: true }, 'extra: Unknown field; remove it or check its spelling'],
    ['a DNS name with a space', { subject: { commonName: 'x' }, subjectAltNames: { dnsNames: ['a b'] } }, 'subjectAltNames.dnsNames[0]: Must be a DNS name in ASCII, without spaces'],
  ])('refuses %s with 400 E0000001 naming the field, and makes no CSR', async (_case, body, cause) => {
    const { call } = credentialBackend();
    const app = (await call('POST', '/api/v1/apps', { json: bookmarkApp() })).body;
    const refused = await call('POST', `/api/v1/apps/${app.id}/credentials/csrs`, { json: body });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('E0000001');
    expect(refused.body.errorCauses).toContainEqual({ errorSummary: cause });
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/csrs`)).body).toEqual([]);
  });
});

describe('listing, reading and revoking CSRs', () => {
  it('lists the CSRs, reads one, and after DELETE (204) answers 404 for it', async () => {
    const { app, call, created } = await withCsr();
    const list = await call('GET', `/api/v1/apps/${app.id}/credentials/csrs`);
    expect(list.body).toEqual([created.body]);
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}`)).body).toEqual(created.body);
    expect((await call('DELETE', `/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}`)).status).toBe(204);
    const gone = await call('GET', `/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.errorSummary).toBe(`Not found: Resource not found: ${created.body.id} (CSR)`);
  });
});

describe('POST …/credentials/csrs/{csrId}/lifecycle/publish', () => {
  it.each([
    ['PEM', 'application/x-pem-file', (der: Buffer) => ({ raw: pem(der) })],
    ['binary DER', 'application/pkix-cert', (der: Buffer) => ({ raw: new Uint8Array(der) })],
    ['base64 DER', 'application/pkix-cert', (der: Buffer) => ({ raw: der.toString('base64'), headers: { 'content-transfer-encoding': 'base64' } })],
    ['CER (binary DER)', 'application/x-x509-ca-cert', (der: Buffer) => ({ raw: new Uint8Array(der) })],
  ])('takes the certificate as %s: 201, a key of the app named by the CSR id, and the CSR is gone', async (_kind, contentType, body) => {
    const { app, call, created, spki } = await withCsr();
    const der = await issue(spki, START - DAY, 365);
    const published = await call('POST', `/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}/lifecycle/publish`, { ...body(der), contentType });
    expect(published.status).toBe(201);
    expect(published.body).toMatchObject({ kty: 'RSA', kid: created.body.id, use: 'sig', x5c: [der.toString('base64')], expiresAt: '2027-02-28T10:00:30.000Z' });
    const fromCertificate = new X509Certificate(der).publicKey.export({ format: 'jwk' });
    expect({ n: published.body.n, e: published.body.e }).toEqual({ n: fromCertificate.n, e: fromCertificate.e });
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/keys/${created.body.id}`)).body).toEqual(published.body);
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}`)).status).toBe(404);
  });

  it("refuses a certificate for another key in Okta's words, and keeps the CSR", async () => {
    const { app, call, created } = await withCsr();
    const other = await crypto.subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['sign', 'verify']);
    const der = await issue(await crypto.subtle.exportKey('spki', other.publicKey), START - DAY, 365);
    const refused = await call('POST', `/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}/lifecycle/publish`, { raw: pem(der), contentType: 'application/x-pem-file' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'E0000001', errorSummary: 'Api validation failed: certificate', errorCauses: [{ errorSummary: "The certificate doesn't match the CSR." }] });
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}`)).status).toBe(200);
  });

  it('refuses a certificate valid for 90 days or less from now', async () => {
    const { app, call, created, spki } = await withCsr();
    const der = await issue(spki, START - 300 * DAY, 380);
    const refused = await call('POST', `/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}/lifecycle/publish`, { raw: pem(der), contentType: 'application/x-pem-file' });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCauses).toEqual([{ errorSummary: 'The certificate must be valid for more than 90 days.' }]);
  });

  it('refuses what is not a certificate (400 E0000001) and a media type Okta does not take (400 E0000019)', async () => {
    const { app, call, created } = await withCsr();
    const path = `/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}/lifecycle/publish`;
    const garbage = await call('POST', path, { raw: 'not a certificate', contentType: 'application/x-pem-file' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.errorSummary).toBe('Api validation failed: certificate');
    const json = await call('POST', path, { json: { certificate: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.errorCode).toBe('E0000019');
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}`)).status).toBe(200);
  });
});
