import { describe, expect, it } from 'vitest';
import { useMockBackend } from '../../../support/backend';
import { bookmark } from '../../app-inputs';
import { call, expectOktaError } from '../../raw-http';

const { backend } = useMockBackend();

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const SVG = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** Uploads `bytes` as the multipart field `name`, declared as `type`. */
function upload(appId: string, bytes: Uint8Array, { name = 'file', type = 'application/octet-stream' } = {}) {
  const form = new FormData();
  form.append(name, new Blob([bytes], { type }), 'logo');
  return fetch(`${backend.orgUrl}/api/v1/apps/${appId}/logo`, { method: 'POST', headers: { authorization: `SSWS ${backend.defaultToken}` }, body: form });
}

describe('app logo upload', () => {
  it('answers 201 with an empty body and a Location where the bytes are served, and the app links there', async () => {
    const app = backend.apps.create(bookmark());
    const answer = await upload(app.id, PNG);
    expect({ status: answer.status, body: await answer.text(), type: answer.headers.get('content-type') }).toEqual({ status: 201, body: '', type: null });
    const location = answer.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${backend.orgUrl}/fs/bco/4/fs0[0-9A-Za-z]{17}$`));
    expect(backend.apps.get(app.id)!._links!.logo).toEqual([{ name: 'medium', href: location, type: 'image/png' }]);
    const served = await fetch(location);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('reads the type from the bytes, whatever the part declares (real clients send application/octet-stream)', async () => {
    const app = backend.apps.create(bookmark());
    for (const [bytes, type] of [[GIF, 'image/gif'], [JPEG, 'image/jpeg'], [SVG, 'image/svg+xml']] as const) {
      const location = (await upload(app.id, bytes, { type: 'image/png' })).headers.get('location')!;
      expect((await fetch(location)).headers.get('content-type')).toBe(type);
    }
  });

  it('serves an SVG so that it cannot run script: nosniff and a sandboxing Content-Security-Policy', async () => {
    const app = backend.apps.create(bookmark());
    const served = await fetch((await upload(app.id, SVG)).headers.get('location')!);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  });

  it('a new upload replaces the logo: the old URL is no longer served', async () => {
    const app = backend.apps.create(bookmark());
    const first = (await upload(app.id, PNG)).headers.get('location')!;
    const second = (await upload(app.id, GIF)).headers.get('location')!;
    expect(second).not.toBe(first);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);
  });

  it('refuses a file that is none of PNG, JPG, SVG or GIF with 400 E0000001 on file, and keeps the previous logo', async () => {
    const app = backend.apps.create(bookmark());
    const before = backend.apps.get(app.id)!._links!.logo;
    const answer = await upload(app.id, new TextEncoder().encode('%PDF-1.7 not an image'), { type: 'image/png' });
    expect(answer.status).toBe(400);
    expect((await answer.json()) as any).toMatchObject({
      errorCode: 'E0000001',
      errorSummary: 'Api validation failed: file',
      errorCauses: [{ errorSummary: 'file: Must be a PNG, JPG, SVG (UTF-8) or GIF image; the bytes are none of these' }],
    });
    expect(backend.apps.get(app.id)!._links!.logo).toEqual(before);
  });

  it('refuses an SVG that is not UTF-8', async () => {
    const app = backend.apps.create(bookmark());
    const latin1 = new Uint8Array([...new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><text>'), 0xe9, ...new TextEncoder().encode('</text></svg>')]);
    expect((await upload(app.id, latin1)).status).toBe(400);
  });

  it('refuses a file of 1 MB or more, naming its size', async () => {
    const app = backend.apps.create(bookmark());
    const big = new Uint8Array(1024 * 1024);
    big.set(PNG);
    const answer = await upload(app.id, big);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as any).errorCauses).toEqual([{ errorSummary: 'file: Must be less than 1 MB (1048576 bytes); this file is 1048576 bytes' }]);
  });

  it('refuses a body past the bound before parsing it, from Content-Length or while reading', async () => {
    const app = backend.apps.create(bookmark());
    const huge = new Uint8Array(2 * 1024 * 1024);
    const answer = await fetch(`${backend.orgUrl}/api/v1/apps/${app.id}/logo`, {
      method: 'POST',
      headers: { authorization: `SSWS ${backend.defaultToken}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: huge,
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as any).errorCauses[0].errorSummary).toMatch(/^file: Must be less than 1 MB \(1048576 bytes\); the request body is \d+ bytes or more$/);
  });

  it('refuses a form without a file part with 400 E0000001, and a body that is not multipart with 400 E0000021', async () => {
    const app = backend.apps.create(bookmark());
    const noFile = await upload(app.id, PNG, { name: 'image' });
    expect((await noFile.json()) as unknown).toMatchObject({ errorCode: 'E0000001', errorCauses: [{ errorSummary: 'file: The field cannot be left blank' }] });
    expectOktaError(
      await call(backend, `/api/v1/apps/${app.id}/logo`, { method: 'POST', json: { file: 'x' } }),
      400,
      'E0000021',
      'Bad request. Accept and/or Content-Type headers likely do not match supported values.',
      ['Send the file as multipart/form-data, in a part named "file".'],
    );
  });

  it('an unknown app is 404 E0000007 (AppInstance)', async () => {
    const answer = await upload('0oaNOPE', PNG);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as any).errorSummary).toBe('Not found: Resource not found: 0oaNOPE (AppInstance)');
  });
});
