import { bookmark } from '../../app-inputs';
import { createMockBackend, type MockBackend, type MockBackendOptions } from '../../../../mock-server/index';
import type { CreateApplicationInput } from '../../../../src/index';
import { samlSignOn } from '../../../../mock-server/seed/saml-sign-on';

/** The org the credential tests run against: `acme` is the CN of its certificates. */
export const ORG = 'https://acme.okta.test';

/** An answer as a client sees it: status, headers, and the body parsed when it is JSON (text otherwise). */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

/** What a request may carry beside its method and path. */
export interface Sent {
  json?: unknown;
  /** A body sent as it is (a certificate), with `contentType`. */
  raw?: RequestInit["body"];
  contentType?: string;
  accept?: string;
  headers?: Record<string, string>;
  token?: string;
}

/** Sends one request to a backend through its web `fetch` handler (no network, no msw). */
export async function send(backend: MockBackend, method: string, path: string, sent: Sent = {}): Promise<Answer> {
  const headers = new Headers({ authorization: `SSWS ${sent.token ?? backend.defaultToken}`, accept: sent.accept ?? 'application/json', ...sent.headers });
  let body: RequestInit["body"] | undefined;
  if (sent.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(sent.json);
  } else if (sent.raw !== undefined) {
    body = sent.raw;
    if (sent.contentType) headers.set('content-type', sent.contentType);
  }
  const response = await backend.fetch(new Request(new URL(path, ORG), { method, headers, body }));
  const text = await response.text();
  const json = /json/.test(response.headers.get('content-type') ?? '') && text !== '';
  return { status: response.status, headers: response.headers, text, body: json ? JSON.parse(text) : text };
}

/** A backend on {@link ORG} and a `send` bound to it. */
export function credentialBackend(options: MockBackendOptions = {}) {
  const backend = createMockBackend({ orgUrl: ORG, ...options });
  return { backend, call: (method: string, path: string, sent?: Sent) => send(backend, method, path, sent) };
}

/** A custom SAML 2.0 app, as terraform creates one (email NameID format; SLO when asked). */
export function samlApp(label = 'Analytics', slo = false): CreateApplicationInput {
  return {
    signOnMode: 'SAML_2_0',
    label,
    settings: {
      signOn: {
        ...samlSignOn('https://analytics.example.com'),
        ...(slo ? { slo: { enabled: true, issuer: 'https://analytics.example.com', logoutUrl: 'https://analytics.example.com/logout' } } : {}),
      },
    },
  } as CreateApplicationInput;
}

/** An OpenID Connect web app authenticating with a client secret (or another method). */
export function oidcApp(method = 'client_secret_basic', jwks?: object[]): CreateApplicationInput {
  return {
    name: 'oidc_client',
    label: 'Portal',
    signOnMode: 'OPENID_CONNECT',
    credentials: { oauthClient: { token_endpoint_auth_method: method } },
    settings: {
      oauthClient: {
        grant_types: method === 'private_key_jwt' ? ['client_credentials'] : ['authorization_code'],
        redirect_uris: ['https://portal.example.com/callback'],
        response_types: method === 'private_key_jwt' ? ['token'] : ['code'],
        application_type: method === 'private_key_jwt' ? 'service' : 'web',
        ...(jwks ? { jwks: { keys: jwks } } : {}),
      },
    },
  } as CreateApplicationInput;
}

/** A bookmark app labelled Wiki (unless told otherwise). */
export function bookmarkApp(label = 'Wiki'): CreateApplicationInput {
  return bookmark(label);
}

/** Counts the RSA key pairs Web Crypto makes while `run` runs. */
export async function countingKeyPairs<T>(run: () => Promise<T>): Promise<{ result: T; keyPairs: number }> {
  const subtle = globalThis.crypto.subtle;
  const original = subtle.generateKey.bind(subtle);
  let keyPairs = 0;
  const counting = ((...args: Parameters<typeof original>) => {
    keyPairs++;
    return original(...args);
  }) as typeof original;
  Object.defineProperty(subtle, 'generateKey', { value: counting, configurable: true, writable: true });
  try {
    return { result: await run(), keyPairs };
  } finally {
    // The counting function shadowed the prototype's method on the instance: removing it restores it.
    Reflect.deleteProperty(subtle, 'generateKey');
  }
}
