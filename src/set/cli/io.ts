// Node-only input and output of `appset-set`: key files, tokens from stdin, the private key written 0600.
import { createPublicKey } from 'node:crypto';
import { chmodSync, closeSync, constants, fstatSync, openSync, readFileSync, writeFileSync } from 'node:fs';

/** A mistake on the command line, or in a file it names: printed as one line, exit code 2. */
export class UsageError extends Error {}

/** The largest key or key set file read: far above any real one. */
export const MAX_KEY_FILE_BYTES = 1024 * 1024;

/** The most read from stdin: tokens are at most 64 KiB each. */
export const MAX_STDIN_BYTES = 16 * 1024 * 1024;

/**
 * Reads a regular file of at most `maxBytes` as UTF-8. Opened without blocking and checked on the open
 * file, so a FIFO or a device (`/dev/zero` never ends) is refused rather than read.
 */
export function readSmallFile(path: string, flag: string, maxBytes = MAX_KEY_FILE_BYTES): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UsageError(`${flag} ${path}: no such file; give the path of a file.`);
    throw new UsageError(`${flag} ${path}: cannot be opened (${code ?? 'unknown error'}).`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new UsageError(`${flag} ${path}: not a regular file; give the path of a file.`);
    if (stats.size > maxBytes) throw new UsageError(`${flag} ${path}: the file is larger than ${maxBytes} bytes.`);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * A key file's content: a PEM string, or the parsed JSON of a JWK or a JWK Set. The content is never
 * quoted in an error (it may be a private key), nor is the JSON parser's message, which quotes it.
 */
export function readKeyFile(path: string, flag: string): unknown {
  const text = readSmallFile(path, flag);
  if (text.includes('-----BEGIN PUBLIC KEY-----')) {
    // A public key PEM is read by node:crypto; appset/set takes the KeyObject.
    try {
      return createPublicKey(text);
    } catch {
      throw new UsageError(`${flag} ${path}: not a readable public key PEM.`);
    }
  }
  if (/-----BEGIN [A-Z0-9 ]+-----/.test(text)) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${flag} ${path}: neither a PEM key nor JSON (a JWK or a JWK Set); give a key file such as appset-set keygen writes.`);
  }
}

/** Reads stdin whole, within {@link MAX_STDIN_BYTES}. */
export async function readStdin(what: string): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError(`give ${what} as an argument, or pipe it on stdin.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_STDIN_BYTES) throw new UsageError(`stdin holds more than ${MAX_STDIN_BYTES} bytes; send fewer tokens at once.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Writes a private key readable by its owner only (mode 0600). An existing file is kept unless
 * `force`; when replaced, its mode is set to 0600 as well.
 */
export function writePrivateKey(path: string, pem: string, force: boolean): void {
  try {
    writeFileSync(path, pem, { mode: 0o600, flag: force ? 'w' : 'wx' });
    chmodSync(path, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new UsageError(`--out ${path}: the file exists; give another path, or --force to replace it.`);
    if (code === 'ENOENT') throw new UsageError(`--out ${path}: its folder does not exist; create it or give another path.`);
    throw new UsageError(`--out ${path}: cannot be written (${code ?? 'unknown error'}).`);
  }
}
