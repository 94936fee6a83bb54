// Runs in the page (bundled by the test): the client against appset-mock on another origin.
import { createClient, isApiError } from 'appset';

interface Config {
  orgUrl: string;
  token: string;
}

async function run({ orgUrl, token }: Config) {
  const client = createClient({ orgUrl, token, maxRetries: 0 });
  // Five apps a page: the walk goes on only while the page can read the `Link` header's next relation.
  const ids: string[] = [];
  for await (const app of client.apps.list({ limit: 5 })) ids.push(app.id);
  const one = await client.apps.get(ids[0]!);
  let refusal: unknown;
  try {
    await createClient({ orgUrl, token: 'wrong-token', maxRetries: 0 }).apps.get(ids[0]!);
  } catch (error) {
    refusal = isApiError(error) ? { status: error.status, errorCode: error.errorCode, requestId: error.requestId } : String(error);
  }
  // The page's own origin (the program is type-checked without the DOM library).
  const origin = (globalThis as unknown as { location: { origin: string } }).location.origin;
  return { origin, ids, label: one.label, refusal };
}

(globalThis as { runCorsClient?: typeof run }).runCorsClient = run;
