import type * as Asn1js from 'asn1js';
import type * as Pkijs from 'pkijs';

// asn1js and PKI.js are loaded on first use, not when the backend is imported: in Node their
// CommonJS builds cost more to load than the rest of the backend together, and only certificates
// and certification requests need them. Async callers await `loadPki()`; the few synchronous ones
// (a snapshot restore that checks CSRs) take `pkiNow()`, which in Node requires them at once.

/** The two libraries, as their namespaces. */
export interface PkiModules {
  asn1js: typeof Asn1js;
  pkijs: typeof Pkijs;
}

let loaded: PkiModules | undefined;
let loading: Promise<PkiModules> | undefined;

/** asn1js and PKI.js, loaded on the first call. */
export function loadPki(): Promise<PkiModules> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= Promise.all([import('asn1js'), import('pkijs')]).then(([asn1js, pkijs]) => (loaded ??= { asn1js, pkijs }));
  return loading;
}

type NodeRequire = (id: string) => unknown;

/** A CommonJS `require` where the runtime offers one without a static import of a Node built-in (Node ≥ 20.16). */
function syncRequire(): NodeRequire | undefined {
  const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const module = node?.getBuiltinModule?.('node:module') as { createRequire(from: string): NodeRequire } | undefined;
  // The CommonJS build has `__filename` (and an empty `import.meta`); the ES module build has `import.meta.url`.
  return module?.createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
}

/**
 * asn1js and PKI.js at once, for synchronous callers: already loaded, or required now in Node (the
 * same module instances an `import()` would give). Elsewhere, before `loadPki()` has finished, it
 * throws, naming the way out.
 */
export function pkiNow(): PkiModules {
  if (loaded) return loaded;
  const load = syncRequire();
  if (load === undefined) {
    throw new Error('The certificate code (asn1js, PKI.js) is not loaded yet in this runtime; await a request that makes a key or CSR first.');
  }
  loaded = { asn1js: load('asn1js') as typeof Asn1js, pkijs: load('pkijs') as typeof Pkijs };
  return loaded;
}
