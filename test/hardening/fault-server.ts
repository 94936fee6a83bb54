import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A misbehaving HTTP server on 127.0.0.1 that counts what reaches it. */
export interface FaultServer {
  /** The served URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Requests received so far, as `METHOD /path`. */
  readonly requests: string[];
  /** Requests whose client went away before the server finished answering. */
  readonly abandoned: string[];
  /** Ends every connection and pending timer, and stops listening. */
  close(): Promise<void>;
}

/** What a fault does with one request; `later` schedules work that `close()` cancels. */
export type Fault = (req: IncomingMessage, res: ServerResponse, later: (ms: number, run: () => void) => void) => void;

/** Starts a server on 127.0.0.1 (a free port) that answers every request with `fault`. */
export async function faultServer(fault: Fault): Promise<FaultServer> {
  const requests: string[] = [];
  const abandoned: string[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };
  const server = createServer((req, res) => {
    const what = `${req.method} ${req.url}`;
    requests.push(what);
    res.on('close', () => {
      if (!res.writableFinished) abandoned.push(what);
    });
    req.resume();
    fault(req, res, later);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    abandoned,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
