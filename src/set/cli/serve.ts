// `appset-set serve`: a provider's key set and SSF configuration on a local port, for tests against
// appset-mock (or any receiver on this machine) without writing a server. Node only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProviderHandler, type ProviderHandler } from '../provider-handler';
import { toNodeListener } from '../node/index';
import { isLoopbackHost } from '../../validation/loopback';
import { wholeNumber, type Command } from './args';
import { UsageError } from './io';
import { KEY_SET_FLAGS, keySetOf } from './jwks';
import { printableText } from './print';
import { stopOnSignalOrStarterGone } from './parent-watch';

/** The host as a URL writes it: an IPv6 address in brackets. */
function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Listens on `host`:`port`, or rejects with a sentence in the terms of the command line. */
function listening(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new UsageError(`port ${port} on ${host} is already in use; pick another with --port (--port 0 picks a free one).`));
      else if (error.code === 'EACCES') reject(new UsageError(`not permitted to listen on ${host}:${port}; use a port above 1023, or --port 0.`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') reject(new UsageError(`cannot bind ${host}: no such local interface; use e.g. --host 127.0.0.1.`));
      else reject(new UsageError(`cannot listen on ${host}:${port} (${error.code ?? error.message}).`));
    });
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Closes the server, its idle keep-alive connections included, so the process can end. */
function closed(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** `appset-set serve`: the discovery documents a receiver reads, served until stopped. */
export const serve: Command = {
  name: 'serve',
  summary: 'serve the public key set and SSF configuration on a local port, for tests',
  description:
    'Serves, until SIGINT or SIGTERM or until the process that started it ends, what a receiver reads\n' +
    'to register a provider: GET /.well-known/ssf-configuration (SSF 1.0: issuer, jwks_uri,\n' +
    'delivery_methods_supported) and GET /jwks.json, the public key set of the --key files (public\n' +
    'members only, as jwks prints it). The issuer is the served URL unless --issuer names another (its\n' +
    'path then goes into both paths, as SSF places them). Prints the URL to register as the provider\'s\n' +
    'well_known_url, and its pid. For tests on this machine: http, 127.0.0.1 by default.',
  flags: {
    ...KEY_SET_FLAGS,
    port: { type: 'string', value: 'N', help: 'the TCP port, 0 to 65535 (default 0: a free one, printed)', example: '8443' },
    host: { type: 'string', value: 'ADDRESS', help: 'the interface to bind (default 127.0.0.1)', example: '127.0.0.1' },
    issuer: {
      type: 'string',
      value: 'URL',
      help: "the issuer (the tokens' iss) when not the served URL, e.g. behind a TLS proxy",
      example: 'https://risk.example.com',
    },
    'no-parent-watch': { type: 'boolean', help: 'keep serving when the process that started it ends (default: stop with it)' },
  },
  async run(values) {
    const port = wholeNumber(values, 'port', 0, 65_535) ?? 0;
    const host = (values.host as string | undefined) ?? '127.0.0.1';
    if (host.trim() === '' || /[\s/]/.test(host)) throw new UsageError('--host must name an interface, e.g. --host 127.0.0.1.');
    const issuerFlag = values.issuer as string | undefined;
    if (issuerFlag === undefined && !isLoopbackHost(host.replace(/^\[|\]$/g, ''))) {
      throw new UsageError(`--host ${host} is reached over http, which only this machine may use as an issuer; give --issuer https://… (your TLS proxy's URL) with it.`);
    }
    const keys = await keySetOf(values);
    const server = createServer();
    const bound = await listening(server, host, port);
    const served = `http://${urlHost(host)}:${bound}`;
    let handler: ProviderHandler;
    try {
      // The documents are built once; a bad --issuer or key is told before anything is served.
      handler = await createProviderHandler({ issuer: issuerFlag ?? served, keys });
    } catch (error) {
      await closed(server);
      throw error;
    }
    server.on('request', toNodeListener(handler));

    return new Promise<number>((resolve) => {
      const watch = stopOnSignalOrStarterGone('appset-set serve', values['no-parent-watch'] !== true, () => {
        void closed(server).then(() => {
          process.stdout.write('appset-set serve stopped\n');
          resolve(0);
        });
      });
      const configuration = new URL(handler.configurationUrl);
      const proxied = configuration.origin === served ? '' : `; served here at ${served}${configuration.pathname}`;
      process.stdout.write(`appset-set serve listening on ${served}\n`);
      process.stdout.write(`well_known_url: ${handler.configurationUrl}  (register the provider with this URL${proxied})\n`);
      process.stdout.write(`issuer: ${handler.configuration.issuer}  (sign with: appset-set sign --issuer ${handler.configuration.issuer} …)\n`);
      process.stdout.write(`jwks_uri: ${handler.configuration.jwks_uri}  (kid ${printableText(handler.jwks.keys.map((key) => key.kid).join(', '))})\n`);
      const stopsWith = watch === undefined ? '' : '; it also stops when the process that started it ends';
      process.stdout.write(`pid: ${process.pid}  (stop it with kill -TERM ${process.pid}${stopsWith})\n`);
    });
  },
};
