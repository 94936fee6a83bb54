import { notFound, OktaHttpError } from '../../pipeline/okta-errors';
import type { CsrMetadata } from '../../../src/apps/credentials/inputs';
import { certificationRequest, generateRsaKeyPair, readCertificate, requestPublicKey, toBase64, type DistinguishedName } from './x509';

/**
 * A certificate signing request of an app: its id (which becomes the key's `kid` once a certificate
 * for it is published), and the request itself. The request's private key is dropped once the
 * request is signed: the backend never signs with it, and keeps only what it checks a published
 * certificate against, the public key.
 */
export interface StoredCsr {
  id: string;
  appId: string;
  created: string;
  /** The PKCS #10 request, DER. */
  der: Uint8Array;
  /** The request's SubjectPublicKeyInfo, DER. */
  subjectPublicKeyInfo: Uint8Array;
}

/** How long a published certificate must still be valid (Okta refuses shorter ones). */
export const MIN_PUBLISHED_VALIDITY_MS = 90 * 86_400_000;

/** The most CSRs one app may hold at once (a bound of the backend; Okta publishes none). */
export const MAX_CSRS_PER_APP = 50;

/** The subject of a request in the order real organizations write it: C, ST, L, O, OU, CN. */
function subjectName(subject: CsrMetadata['subject']): DistinguishedName {
  const name: Array<[DistinguishedName[number][0], string]> = [];
  const add = (attribute: DistinguishedName[number][0], value: string | undefined) => {
    if (value !== undefined && value !== '') name.push([attribute, value]);
  };
  add('C', subject.countryName);
  add('ST', subject.stateOrProvinceName);
  add('L', subject.localityName);
  add('O', subject.organizationName);
  add('OU', subject.organizationalUnitName);
  add('CN', subject.commonName);
  return name;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** The CSRs of every app. */
export class CsrStore {
  readonly #byApp = new Map<string, Map<string, StoredCsr>>();
  /** Counts the clears (reset, restore): a request signed across one belongs to a state that is gone. */
  #generation = 0;

  clear(): void {
    this.#byApp.clear();
    this.#generation++;
  }

  /**
   * Makes a key pair and a request for it, signed with it. `requireApp` throws when the app is gone;
   * `newId` names the request, drawn only once every check has passed, so that a refusal draws none.
   */
  async create(appId: string, metadata: CsrMetadata, created: string, requireApp: () => void, newId: () => string): Promise<StoredCsr> {
    this.#refuseFull(appId);
    const generation = this.#generation;
    const keys = await generateRsaKeyPair();
    const der = await certificationRequest(keys, subjectName(metadata.subject), metadata.subjectAltNames?.dnsNames ?? []);
    // Checked again after signing: meanwhile the app may have been deleted, the state reset or
    // restored (the app of that id, if any, is another), or other requests may have filled the app.
    if (this.#generation !== generation) throw notFound(appId, 'AppInstance');
    requireApp();
    this.#refuseFull(appId);
    const csr = { id: newId(), appId, created, der, subjectPublicKeyInfo: requestPublicKey(der) };
    this.add(csr);
    return csr;
  }

  #refuseFull(appId: string): void {
    if ((this.#byApp.get(appId)?.size ?? 0) >= MAX_CSRS_PER_APP) {
      throw new OktaHttpError(400, 'E0000001', 'Api validation failed: csr', [
        `The app already has ${MAX_CSRS_PER_APP} certificate signing requests; publish or revoke one first.`,
      ]);
    }
  }

  /** Keeps a request (a restored snapshot). */
  add(csr: StoredCsr): void {
    const csrs = this.#byApp.get(csr.appId);
    if (csrs) csrs.set(csr.id, csr);
    else this.#byApp.set(csr.appId, new Map([[csr.id, csr]]));
  }

  list(appId: string): StoredCsr[] {
    return [...(this.#byApp.get(appId)?.values() ?? [])];
  }

  all(): StoredCsr[] {
    return [...this.#byApp.values()].flatMap((csrs) => [...csrs.values()]);
  }

  /** One request, or `E0000007 … (CSR)`. */
  require(appId: string, id: string): StoredCsr {
    const csr = this.#byApp.get(appId)?.get(id);
    if (!csr) throw notFound(id, 'CSR');
    return csr;
  }

  /** Revokes a request (or ends it once its certificate is published): it and its key pair are gone. */
  revoke(appId: string, id: string): void {
    this.require(appId, id);
    this.#byApp.get(appId)!.delete(id);
  }

  /**
   * Checks a certificate given for a request (same public key, valid for more than 90 days from
   * now) and answers when it expires (whole seconds); it changes nothing, so that every other check
   * of a publish can still refuse it. Refusals are Okta's words; {@link NotDerError} when the bytes
   * are not a certificate.
   */
  checkCertificate(appId: string, id: string, certificate: Uint8Array, nowMs: number): { notAfterMs: number } {
    const csr = this.require(appId, id);
    const facts = readCertificate(certificate);
    if (!sameBytes(facts.subjectPublicKeyInfo, csr.subjectPublicKeyInfo)) {
      throw new OktaHttpError(400, 'E0000001', 'Api validation failed: certificate', ["The certificate doesn't match the CSR."]);
    }
    if (facts.notAfter.getTime() - nowMs <= MIN_PUBLISHED_VALIDITY_MS) {
      throw new OktaHttpError(400, 'E0000001', 'Api validation failed: certificate', ['The certificate must be valid for more than 90 days.']);
    }
    return { notAfterMs: Math.floor(facts.notAfter.getTime() / 1000) * 1000 };
  }

  /** Forgets an app's requests. */
  detach(appId: string): void {
    this.#byApp.delete(appId);
  }
}

/** A request as the CSR API answers it in JSON, with its links. */
export function renderCsr(origin: string, csr: StoredCsr): Record<string, unknown> {
  const self = `${origin}/api/v1/apps/${csr.appId}/credentials/csrs/${csr.id}`;
  return {
    id: csr.id,
    created: csr.created,
    csr: toBase64(csr.der),
    kty: 'RSA',
    _links: {
      publish: { href: `${self}/lifecycle/publish`, hints: { allow: ['POST'] } },
      self: { href: self, hints: { allow: ['GET', 'DELETE'] } },
    },
  };
}
