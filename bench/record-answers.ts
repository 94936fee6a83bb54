import type { RecordedAnswer } from './bare-server';

/** Records what a server answers for each path, for the servers that replay it (the bare baseline, WireMock). */
export async function recordAnswers(url: string, paths: string[], headers: Record<string, string>): Promise<Record<string, RecordedAnswer>> {
  const out: Record<string, RecordedAnswer> = {};
  for (const path of paths) {
    const response = await fetch(`${url}${path}`, { headers });
    const raw: Array<[string, string]> = [];
    // `Link` repeats (one per relation); Headers joins them, so they are split back here.
    for (const [name, value] of response.headers) {
      if (name === 'link') for (const link of value.split(/,\s*(?=<)/)) raw.push([name, link]);
      else if (name !== 'connection' && name !== 'keep-alive' && name !== 'transfer-encoding') raw.push([name, value]);
    }
    out[path] = { status: response.status, headers: raw, body: Buffer.from(await response.arrayBuffer()).toString('base64') };
  }
  return out;
}
