import okta from '@okta/okta-sdk-nodejs';
import { afterAll, beforeAll } from 'vitest';
import type { MockBackend } from '../../mock-server/index';
import { listen, type RunningServer } from '../../mock-server/node/index';

/** The official SDK's client and the URL it talks to, once the file's `beforeAll` has run. */
export interface OfficialSdk {
  readonly sdk: okta.Client;
  readonly url: string;
}

/**
 * Serves `backend` over HTTP on 127.0.0.1 for the test file and gives the official Okta Node SDK
 * (`@okta/okta-sdk-nodejs`) pointed at it with the backend's API token: evidence that a real Okta
 * client reads the backend's answers. Closed after the file.
 */
export function useOfficialSdk(backend: MockBackend): OfficialSdk {
  let running: RunningServer | undefined;
  let client: okta.Client | undefined;
  beforeAll(async () => {
    running = await listen(backend, { host: '127.0.0.1', port: 0 });
    // The SDK refuses http:// org URLs unless told it is under test; its typings omit that option.
    const config = { orgUrl: running.url, token: backend.defaultToken, testing: { disableHttpsCheck: true } };
    client = new okta.Client(config as ConstructorParameters<typeof okta.Client>[0]);
  });
  afterAll(() => running?.close());
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useOfficialSdk: read sdk and url inside a test, after beforeAll');
    return value;
  };
  return {
    get sdk() {
      return ready(client);
    },
    get url() {
      return ready(running).url;
    },
  };
}

/** Every item of one of the SDK's collections (it yields `null` for items it could not read). */
export async function all<T>(collection: AsyncIterable<T | null>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of collection) if (item) out.push(item);
  return out;
}
