import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBackend, type Served } from './served';

// Issue 31, item 7: secrets the journal kept because of the shape they came in: a form labelled as
// bytes, a multipart boundary holding `=`, a value holding `\r\n--`, a part's name unquoted. Each is
// sent over HTTP to the token endpoint, as a client would.
let served: Served;
beforeAll(async () => {
  served = await serveBackend();
});
afterAll(() => served.close());

interface Kept {
  body: string | null;
  bodyEncoding?: string;
}

/** Sends `body` to the token endpoint labelled `contentType` and answers the journal's entry of it (the latest). */
async function sentToTokenEndpoint(contentType: string, body: string): Promise<Kept> {
  const answered = await served.okta('POST', '/oauth2/v1/token', { body, headers: { 'content-type': contentType }, authorization: null });
  expect(answered.status).toBeGreaterThanOrEqual(400);
  const listed = (await served.plane('GET', '/requests?path=/oauth2/v1/token&limit=1')).body as { requests: Array<{ request: Kept }> };
  return listed.requests[0]!.request;
}

/** A multipart form with `boundary`, one part per field, written by hand (as a client library writes it). */
function multipart(boundary: string, parts: Array<[disposition: string, value: string]>): string {
  return `${parts.map(([disposition, value]) => `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n${value}\r\n`).join('')}--${boundary}--\r\n`;
}

describe('the journal takes secrets out of a body whatever shape it came in', () => {
  it.each(['application/octet-stream', 'image/png'])('a token request form labelled %s is read as the form it is, not kept as bytes', async (contentType) => {
    const kept = await sentToTokenEndpoint(contentType, 'grant_type=client_credentials&client_id=0oa1&client_secret=Octet-Form-Secret-31');
    expect(kept.bodyEncoding).toBeUndefined();
    expect(kept.body).toBe('grant_type=client_credentials&client_id=0oa1&client_secret=[REDACTED]');
  });

  it('a multipart form whose boundary holds "=", as JavaMail writes it (----=_Part_…), loses its secret part', async () => {
    const boundary = '----=_Part_0_1234567.1700000000000';
    const body = multipart(boundary, [
      ['name="grant_type"', 'client_credentials'],
      ['name="client_secret"', 'JavaMail-Part-Secret-31'],
    ]);
    const kept = await sentToTokenEndpoint(`multipart/form-data; boundary="${boundary}"`, body);
    expect(kept.body).toBe(
      multipart(boundary, [
        ['name="grant_type"', 'client_credentials'],
        ['name="client_secret"', '[REDACTED]'],
      ]),
    );
  });

  it('a secret value holding "\\r\\n--" is taken out whole, to the next delimiter', async () => {
    const body = multipart('xyz', [
      ['name="password"', 'Before-Dashes\r\n--After-Dashes-Secret-31'],
      ['name="username"', 'ada'],
    ]);
    const kept = await sentToTokenEndpoint('multipart/form-data; boundary=xyz', body);
    expect(kept.body).toBe(
      multipart('xyz', [
        ['name="password"', '[REDACTED]'],
        ['name="username"', 'ada'],
      ]),
    );
  });

  it('a part whose name is not quoted (name=password) is taken out', async () => {
    const body = multipart('xyz', [
      ['name=username', 'ada'],
      ['name=password', 'Unquoted-Name-Secret-31'],
    ]);
    const kept = await sentToTokenEndpoint('multipart/form-data; boundary=xyz', body);
    expect(kept.body).toBe(
      multipart('xyz', [
        ['name=username', 'ada'],
        ['name=password', '[REDACTED]'],
      ]),
    );
  });
});

describe('and in the shapes found reading the journal again', () => {
  // Its value says nothing of a secret either: no word of the text hints at one.
  it('a form field whose name is percent-encoded (client_%73ecret) is taken out, as the endpoint decodes it', async () => {
    const kept = await sentToTokenEndpoint('application/x-www-form-urlencoded', 'grant_type=client_credentials&client_%73ecret=Encoded-Name-Value-31');
    expect(kept.body).toBe('grant_type=client_credentials&client_%73ecret=[REDACTED]');
  });

  it('a form labelled text/plain whose first field name holds a character outside letters and digits is still read as a form', async () => {
    const kept = await sentToTokenEndpoint('text/plain', 'scope[0]=okta.apps.read&client_secret=Odd-First-Name-Secret-31');
    expect(kept.body).toBe('scope[0]=okta.apps.read&client_secret=[REDACTED]');
  });

  it('a multipart part named code, an OAuth authorization code, is taken out though nothing else hints at a secret', async () => {
    const body = multipart('xyz', [
      ['name="grant_type"', 'authorization_code'],
      ['name="code"', 'Authorization-Code-31'],
    ]);
    const kept = await sentToTokenEndpoint('multipart/form-data; boundary=xyz', body);
    expect(kept.body).toBe(
      multipart('xyz', [
        ['name="grant_type"', 'authorization_code'],
        ['name="code"', '[REDACTED]'],
      ]),
    );
  });

  it('a part holding JSON is read as JSON: a password inside it is taken out, the rest kept', async () => {
    const body = multipart('xyz', [['name="metadata"', '{"profile":{"login":"ada@example.com"},"credentials":{"password":{"value":"Json-Part-Secret-31"}}}']]);
    const kept = await sentToTokenEndpoint('multipart/form-data; boundary=xyz', body);
    expect(kept.body).toBe(multipart('xyz', [['name="metadata"', '{"profile":{"login":"ada@example.com"},"credentials":{"password":{"value":"[REDACTED]"}}}']]));
  });
});

describe('a form is read as a form whatever its text opens with (review of the journal)', () => {
  const tail = '\r\n--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nv\r\n--b--\r\n';
  it.each([
    ['whose first field name opens with "[" is read as a form, not as JSON', '[x]=1&grant_type=client_credentials&client_secret=TopSecret31', '[x]=1&grant_type=client_credentials&client_secret=[REDACTED]'],
    ['opening with "{" loses its authorization code, though only the code hints at a secret', '{&grant_type=authorization_code&code=Brace-Code-31', '{&grant_type=authorization_code&code=[REDACTED]'],
    ['that holds a multipart delimiter further on loses the secret before the delimiter', `client_secret=Form-Before-Delimiter-31&a=1${tail}`, `client_secret=[REDACTED]&a=1${tail}`],
  ])('a form labelled as one %s', async (_case, sent, kept) => {
    expect((await sentToTokenEndpoint('application/x-www-form-urlencoded', sent)).body).toBe(kept);
  });

  it('a multipart body with a form before its first delimiter and after its last loses the secrets in both', async () => {
    const body = multipart('b', [['name="grant_type"', 'client_credentials']]);
    const kept = await sentToTokenEndpoint(
      'multipart/form-data; boundary=b',
      `client_secret=Preamble-Secret-31&a=1\r\n${body}password=Epilogue-Secret-31&b=2`,
    );
    expect(kept.body).toBe(`client_secret=[REDACTED]&a=1\r\n${body}password=[REDACTED]&b=2`);
  });
});
