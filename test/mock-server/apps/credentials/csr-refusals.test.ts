import * as asn1js from 'asn1js';
import { AlgorithmIdentifier, AttributeTypeAndValue, Certificate, CertificationRequest, PublicKeyInfo, Time } from 'pkijs';
import { describe, expect, it } from 'vitest';
import { certificateFromText, MAX_UPLOAD_BYTES } from '../../../../mock-server/apps/credentials/certificate-upload';
import { bookmarkApp, credentialBackend } from './helpers';

const START = Date.parse('2026-03-01T10:00:30.000Z');
const DAY = 86_400_000;

/** A raw ASN.1 value of a universal string type (its tag) holding these bytes, whatever they are. */
const rawString = (tag: number, bytes: number[]) => new asn1js.Primitive({ idBlock: { tagClass: 1, tagNumber: tag }, valueHex: new Uint8Array(bytes).buffer });

/** An unsigned certificate for `spki` whose subject CN is `cn` and whose notAfter is a GeneralizedTime in 2060. */
function certificate(spki: ArrayBuffer, cn: asn1js.BaseBlock): Uint8Array {
  // A raw block stands where PKI.js expects one of its string types: the bytes are the test.
  const cert = new Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ value: 7 });
  cert.issuer.typesAndValues.push(new AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: 'Test CA' }) }));
  cert.subject.typesAndValues.push(new AttributeTypeAndValue({ type: '2.5.4.3', value: cn as asn1js.Utf8String }));
  cert.notBefore = new Time({ type: 0, value: new Date(START - DAY) });
  cert.notAfter = new Time({ type: 1, value: new Date(Date.UTC(2060, 0, 1)) });
  cert.subjectPublicKeyInfo = new PublicKeyInfo({ schema: asn1js.fromBER(spki).result });
  cert.signature = new AlgorithmIdentifier({ algorithmId: '1.2.840.113549.1.1.11', algorithmParams: new asn1js.Null() });
  cert.signatureAlgorithm = new AlgorithmIdentifier({ algorithmId: '1.2.840.113549.1.1.11', algorithmParams: new asn1js.Null() });
  cert.signatureValue = new asn1js.BitString({ valueHex: new Uint8Array(256).buffer });
  return new Uint8Array(cert.toSchema(true).toBER(false));
}

/** The DER with one ASCII run replaced by another of the same length. */
function patched(der: Uint8Array, from: string, to: string): Uint8Array {
  const text = Buffer.from(der).toString('latin1');
  const at = text.indexOf(from);
  if (at < 0 || from.length !== to.length) throw new Error(`${from} is not in the DER`);
  return new Uint8Array(Buffer.from(text.slice(0, at) + to + text.slice(at + from.length), 'latin1'));
}

async function withCsr() {
  const { backend, call } = credentialBackend({ now: () => START });
  const app = (await call('POST', '/api/v1/apps', { json: bookmarkApp() })).body;
  const created = await call('POST', `/api/v1/apps/${app.id}/credentials/csrs`, { json: { subject: { commonName: 'SP' } } });
  const spki = CertificationRequest.fromBER(Buffer.from(created.body.csr, 'base64')).subjectPublicKeyInfo.toSchema().toBER(false);
  const publish = `/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}/lifecycle/publish`;
  return { backend, call, app, created, spki, publish, csrPath: `/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}` };
}

describe('publishing a certificate the backend cannot read', () => {
  it.each([
    ['a notAfter GeneralizedTime that is not a time', (spki: ArrayBuffer) => patched(certificate(spki, new asn1js.Utf8String({ value: 'SP' })), '20600101000000Z', '2060AB01000000Z')],
    ['a subject CN that is a 1-byte BMPString', (spki: ArrayBuffer) => certificate(spki, rawString(30, [0x41]))],
    ['a subject CN that is a 3-byte UniversalString', (spki: ArrayBuffer) => certificate(spki, rawString(28, [0, 0, 0x41]))],
  ])('answers 400 E0000001 naming the certificate for %s, and keeps the CSR', async (_case, make) => {
    const { call, spki, publish, csrPath, app } = await withCsr();
    const refused = await call('POST', publish, { raw: make(spki), contentType: 'application/pkix-cert' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'E0000001', errorSummary: 'Api validation failed: certificate' });
    expect((await call('GET', csrPath)).status).toBe(200);
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/keys`)).body).toHaveLength(1);
  });
});

describe('creating a CSR the backend cannot encode', () => {
  const label = (c: string) => c.repeat(63);
  /** A DNS name of 253 characters (four labels of 63, 61 and the dots between). */
  const longName = (i: number) => `${label('a')}.${label('b')}.${label('c')}.${String(i).padStart(3, '0')}${'d'.repeat(58)}`;

  it.each([
    ['a commonName with a lone surrogate', { subject: { commonName: 'SP \ud800 issuer' } }, 'subject.commonName'],
    ['an organizationName with a lone surrogate', { subject: { organizationName: '\udc00' } }, 'subject.organizationName'],
    ['a DNS name that is not ASCII', { subject: { commonName: 'SP' }, subjectAltNames: { dnsNames: ['bücher.example'] } }, 'subjectAltNames.dnsNames[0]'],
    ['100 DNS names of 253 characters', { subject: { commonName: 'SP' }, subjectAltNames: { dnsNames: Array.from({ length: 100 }, (_, i) => longName(i)) } }, 'subjectAltNames.dnsNames'],
  ])('answers 400 E0000001 naming the field for %s, and makes no CSR', async (_case, body, field) => {
    const { call } = credentialBackend({ now: () => START });
    const app = (await call('POST', '/api/v1/apps', { json: bookmarkApp() })).body;
    const refused = await call('POST', `/api/v1/apps/${app.id}/credentials/csrs`, { json: body });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('E0000001');
    expect(refused.body.errorSummary).toBe(`Api validation failed: ${field}`);
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/csrs`)).body).toEqual([]);
  });

  it('makes a CSR for DNS names of 4,096 characters in all (16 of 253), which stays readable', async () => {
    const { call } = credentialBackend({ now: () => START });
    const app = (await call('POST', '/api/v1/apps', { json: bookmarkApp() })).body;
    const dnsNames = Array.from({ length: 16 }, (_, i) => longName(i));
    const created = await call('POST', `/api/v1/apps/${app.id}/credentials/csrs`, { json: { subject: { commonName: 'SP' }, subjectAltNames: { dnsNames } } });
    expect(created.status).toBe(201);
    const request = CertificationRequest.fromBER(Buffer.from(created.body.csr, 'base64'));
    expect(await request.verify()).toBe(true);
    expect((await call('GET', `/api/v1/apps/${app.id}/credentials/csrs/${created.body.id}`)).status).toBe(200);
  });
});

describe('a publish refused for want of room', () => {
  it('leaves the CSR, the keys and the certificates as they were when the app already holds 100 keys', async () => {
    const { backend, call, app, created, spki, publish, csrPath } = await withCsr();
    // 99 more keys (certificates made on first read, so none is made here) beside the org key.
    const snapshot = backend.snapshot();
    const credentials = snapshot.credentials!;
    for (let i = 0; i < 99; i++) {
      const kid = `filler-${String(i).padStart(3, '0')}`;
      credentials.keys.push({ kid, createdMs: START, notAfterMs: START + 3650 * DAY, certificate: null });
      credentials.appKeys.push({ appId: app.id, kid, created: '2026-03-01T10:00:30.000Z', lastUpdated: '2026-03-01T10:00:30.000Z' });
    }
    backend.restore(snapshot);
    const before = backend.snapshot().credentials;
    const refused = await call('POST', publish, { raw: certificate(spki, new asn1js.Utf8String({ value: 'SP' })), contentType: 'application/pkix-cert' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'E0000001', errorSummary: 'Api validation failed: keys' });
    expect((await call('GET', csrPath)).body).toEqual(created.body);
    expect(backend.snapshot().credentials).toEqual(before);
  });
});

describe('certificate text made of padding', () => {
  // `/=+$/` on a run of `=` that does not end the text is quadratic: a million would block for an hour.
  it('is read in one pass and refused: a million = before one letter is no certificate', () => {
    expect(certificateFromText(`${'='.repeat(1_000_000)}x`)).toBeUndefined();
  });

  it('answers the largest such upload 400 E0000001 naming the certificate, and keeps the CSR', async () => {
    const { call, publish, csrPath } = await withCsr();
    const refused = await call('POST', publish, { raw: `${'='.repeat(MAX_UPLOAD_BYTES - 1)}x`, contentType: 'application/x-pem-file' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'E0000001', errorSummary: 'Api validation failed: certificate', errorCauses: [{ errorSummary: 'The certificate must be PEM, base64 DER or binary DER.' }] });
    expect((await call('GET', csrPath)).status).toBe(200);
  });
});

describe('refusals at the bounds leave nothing behind', () => {
  it('a key generated for an app holding 100 keys is refused before it is named: no key is left behind', async () => {
    const { backend, call, app } = await withCsr();
    const snapshot = backend.snapshot();
    for (let i = 0; i < 99; i++) {
      const kid = `filler-${String(i).padStart(3, '0')}`;
      snapshot.credentials!.keys.push({ kid, createdMs: START, notAfterMs: START + 3650 * DAY, certificate: null });
      snapshot.credentials!.appKeys.push({ appId: app.id, kid, created: '2026-03-01T10:00:30.000Z', lastUpdated: '2026-03-01T10:00:30.000Z' });
    }
    backend.restore(snapshot);
    const before = backend.snapshot().credentials;
    const refused = await call('POST', `/api/v1/apps/${app.id}/credentials/keys/generate?validityYears=2`);
    expect(refused.status).toBe(400);
    expect(refused.body.errorSummary).toBe('Api validation failed: keys');
    expect(backend.snapshot().credentials).toEqual(before);
  });

  it('CSRs asked for at once beside 49 others: one is made, the other refused, and the app holds 50', async () => {
    const { backend, call, app } = await withCsr();
    const snapshot = backend.snapshot();
    const [first] = snapshot.credentials!.csrs;
    for (let i = 0; i < 48; i++) snapshot.credentials!.csrs.push({ ...first!, id: `csr-${String(i).padStart(2, '0')}` });
    backend.restore(snapshot);
    const path = `/api/v1/apps/${app.id}/credentials/csrs`;
    const answers = await Promise.all([0, 1].map(() => call('POST', path, { json: { subject: { commonName: 'SP' } } })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect((await call('GET', path)).body).toHaveLength(50);
  });
});
