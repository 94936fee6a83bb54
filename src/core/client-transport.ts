import { ConfigurationError } from '../errors';
import type { Transport } from './transport';

// Each client's transport, for the extensions that add resources to it (`client.extend`): kept off
// the client object, so it is neither public nor enumerable.
const transports = new WeakMap<object, Transport>();

/** Records the transport of a client made by `createClient`. */
export function bindTransport(client: object, transport: Transport): void {
  transports.set(client, transport);
}

/** The transport of a client made by `createClient`; anything else is refused. */
export function transportOf(client: object): Transport {
  const transport = transports.get(client);
  if (transport === undefined) {
    throw new ConfigurationError('extend adds resources to a client made by createClient; this object is none.');
  }
  return transport;
}
