import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A file the static server sends: its content type and bytes. */
export interface StaticFile {
  type: string;
  body: string | Uint8Array;
}

/** Serves fixed files on 127.0.0.1 (a free port): the web page's own origin in the browser tests. */
export async function serveStatic(files: Record<string, StaticFile>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://page.test').pathname];
    if (file === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
