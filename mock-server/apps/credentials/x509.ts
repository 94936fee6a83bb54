import type * as Asn1js from 'asn1js';
import type * as Pkijs from 'pkijs';
import { loadPki, pkiNow, type PkiModules } from './pki-loader';
import type { CryptoKey } from 'jose';
import { encodeBase64url } from '../../../src/set/base64url';

// Certificates and certification requests are encoded by PKI.js (over asn1js) and signed with Web
// Crypto, so the backend's core needs no Node built-in. PKI.js's own `sign()` is not used: it leaves
// out the NULL parameters of sha256WithRSAEncryption that real organizations' certificates carry,
// and writes a name as one multi-valued RDN where they write one RDN per attribute.

// asn1js and PKI.js load on first use (pki-loader.ts): these names are bound then, by `ready()`
// (async functions) or `readyNow()` (synchronous ones).
let asn1js!: typeof Asn1js;
declare namespace asn1js {
  type BaseBlock = Asn1js.BaseBlock;
  type Integer = Asn1js.Integer;
  type Sequence = Asn1js.Sequence;
}
type Certificate = Pkijs.Certificate;
type PublicKeyInfo = Pkijs.PublicKeyInfo;
type RelativeDistinguishedNames = Pkijs.RelativeDistinguishedNames;
type Time = Pkijs.Time;
let AlgorithmIdentifier!: typeof Pkijs.AlgorithmIdentifier;
let Attribute!: typeof Pkijs.Attribute;
let Certificate!: typeof Pkijs.Certificate;
let CertificationRequest!: typeof Pkijs.CertificationRequest;
let Extension!: typeof Pkijs.Extension;
let Extensions!: typeof Pkijs.Extensions;
let GeneralName!: typeof Pkijs.GeneralName;
let GeneralNames!: typeof Pkijs.GeneralNames;
let PublicKeyInfo!: typeof Pkijs.PublicKeyInfo;
let RelativeDistinguishedNames!: typeof Pkijs.RelativeDistinguishedNames;
let Time!: typeof Pkijs.Time;
let bound = false;

function bind(modules: PkiModules): void {
  asn1js = modules.asn1js;
  ({ AlgorithmIdentifier, Attribute, Certificate, CertificationRequest, Extension, Extensions, GeneralName, GeneralNames, PublicKeyInfo, RelativeDistinguishedNames, Time } = modules.pkijs);
  bound = true;
}

async function ready(): Promise<void> {
  if (!bound) bind(await loadPki());
}

function readyNow(): void {
  if (!bound) bind(pkiNow());
}

const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const SUBJECT_ALT_NAME = '2.5.29.17';
const EXTENSION_REQUEST = '1.2.840.113549.1.9.14';
const RSA_ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' } as const;

/** A Web Crypto key pair. */
export interface RsaKeyPair {
  publicKey: CryptoKey;
  privateKey: CryptoKey;
}

/** The largest certificate or request read: real ones are 1 to 2 KB; the bound keeps parsing cheap on hostile input. */
export const MAX_DER_BYTES = 16 * 1024;

/** Name attributes by their short name (RFC 4519), as Okta writes them in subjects. */
const ATTRIBUTE_OIDS = {
  C: '2.5.4.6',
  ST: '2.5.4.8',
  L: '2.5.4.7',
  O: '2.5.4.10',
  OU: '2.5.4.11',
  CN: '2.5.4.3',
  emailAddress: '1.2.840.113549.1.9.1',
} as const;

/** A distinguished name as an ordered list of (attribute, value): one RDN each, in this order. */
export type DistinguishedName = ReadonlyArray<readonly [keyof typeof ATTRIBUTE_OIDS, string]>;

const PRINTABLE = /^[A-Za-z0-9 '()+,\-./:=?]*$/;

/** An attribute value in the string type real certificates use: PrintableString for C when it fits, IA5String for email, UTF8String otherwise. */
function attributeValue(attribute: keyof typeof ATTRIBUTE_OIDS, value: string): asn1js.BaseBlock {
  if (attribute === 'C' && PRINTABLE.test(value)) return new asn1js.PrintableString({ value });
  if (attribute === 'emailAddress') return new asn1js.IA5String({ value });
  return new asn1js.Utf8String({ value });
}

/** A name as PKI.js holds it, one RDN per attribute (decoded from its own encoding, which PKI.js then keeps as it is). */
function rdnSequence(name: DistinguishedName): RelativeDistinguishedNames {
  const sequence = new asn1js.Sequence({
    value: name.map(
      ([attribute, value]) =>
        new asn1js.Set({
          value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: ATTRIBUTE_OIDS[attribute] }), attributeValue(attribute, value)] })],
        }),
    ),
  });
  return new RelativeDistinguishedNames({ schema: asn1js.fromBER(sequence.toBER(false)).result });
}

const sha256WithRsa = () => new AlgorithmIdentifier({ algorithmId: SHA256_WITH_RSA, algorithmParams: new asn1js.Null() });

/** A positive INTEGER from a non-negative whole number (a certificate serial). */
function positiveInteger(value: number): asn1js.Integer {
  const bytes: number[] = [];
  for (let rest = BigInt(value); rest > 0n; rest >>= 8n) bytes.unshift(Number(rest & 0xffn));
  if (bytes.length === 0 || bytes[0]! & 0x80) bytes.unshift(0);
  return new asn1js.Integer({ valueHex: new Uint8Array(bytes).buffer });
}

/** A validity time: UTCTime through 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
function validityTime(at: Date): Time {
  return new Time({ type: at.getUTCFullYear() < 2050 ? 0 : 1, value: at });
}

async function publicKeyInfo(publicKey: CryptoKey): Promise<PublicKeyInfo> {
  const spki = await crypto.subtle.exportKey('spki', publicKey);
  return new PublicKeyInfo({ schema: asn1js.fromBER(spki).result });
}

const bytesOf = (buffer: ArrayBuffer) => new Uint8Array(buffer);

/** A new RSA key pair of 2048 bits (e = 65537) for RSASSA-PKCS1-v1_5 with SHA-256; the private key cannot be exported. */
export function generateRsaKeyPair(): Promise<RsaKeyPair> {
  return crypto.subtle.generateKey(RSA_ALGORITHM, false, ['sign', 'verify']) as Promise<RsaKeyPair>;
}

/** What a self-signed certificate is made of. */
export interface SelfSignedCertificateInput {
  keys: RsaKeyPair;
  /** The serial number (Okta's: the key's creation time in epoch milliseconds). */
  serialNumber: number;
  /** Subject and issuer. */
  name: DistinguishedName;
  notBefore: Date;
  notAfter: Date;
}

/** A self-signed X.509 v3 certificate without extensions, signed with sha256WithRSAEncryption: its DER. */
export async function selfSignedCertificate(input: SelfSignedCertificateInput): Promise<Uint8Array> {
  await ready();
  const certificate = new Certificate();
  certificate.version = 2;
  certificate.serialNumber = positiveInteger(input.serialNumber);
  certificate.signature = sha256WithRsa();
  certificate.issuer = rdnSequence(input.name);
  certificate.subject = rdnSequence(input.name);
  certificate.notBefore = validityTime(input.notBefore);
  certificate.notAfter = validityTime(input.notAfter);
  certificate.subjectPublicKeyInfo = await publicKeyInfo(input.keys.publicKey);
  const tbs = certificate.encodeTBS().toBER(false);
  const signature = await crypto.subtle.sign(RSA_ALGORITHM.name, input.keys.privateKey, tbs);
  certificate.signatureAlgorithm = sha256WithRsa();
  certificate.signatureValue = new asn1js.BitString({ valueHex: signature });
  return bytesOf(certificate.toSchema(true).toBER(false));
}

/** A PKCS #10 certification request for `name` (and DNS subject alternative names, as an extension request): its DER. */
export async function certificationRequest(keys: RsaKeyPair, name: DistinguishedName, dnsNames: readonly string[]): Promise<Uint8Array> {
  await ready();
  const request = new CertificationRequest();
  request.version = 0;
  request.subject = rdnSequence(name);
  request.subjectPublicKeyInfo = await publicKeyInfo(keys.publicKey);
  // PKCS #10 always has the attributes field, empty when there is nothing to request.
  request.attributes = [];
  if (dnsNames.length > 0) {
    const altNames = new GeneralNames({ names: dnsNames.map((value) => new GeneralName({ type: 2, value })) });
    const extensions = new Extensions({
      extensions: [new Extension({ extnID: SUBJECT_ALT_NAME, critical: false, extnValue: altNames.toSchema().toBER(false) })],
    });
    request.attributes = [new Attribute({ type: EXTENSION_REQUEST, values: [extensions.toSchema()] })];
  }
  // The request's info, as PKI.js encodes it (the first member of the whole request).
  const info = (request.toSchema(true).valueBlock.value[0] as asn1js.Sequence).toBER(false);
  const signature = await crypto.subtle.sign(RSA_ALGORITHM.name, keys.privateKey, info);
  request.signatureAlgorithm = sha256WithRsa();
  request.signatureValue = new asn1js.BitString({ valueHex: signature });
  return bytesOf(request.toSchema(true).toBER(false));
}

/** What the backend reads of a certificate someone gives it. */
export interface CertificateFacts {
  /** The DER of its SubjectPublicKeyInfo, to compare with a request's. */
  subjectPublicKeyInfo: Uint8Array;
  notBefore: Date;
  notAfter: Date;
}

/** Thrown when bytes are not the DER structure expected. */
export class NotDerError extends Error {}

function parseDer(der: Uint8Array, what: string): asn1js.BaseBlock {
  if (der.byteLength === 0 || der.byteLength > MAX_DER_BYTES) throw new NotDerError(`${what} must be 1 to ${MAX_DER_BYTES} bytes of DER`);
  let parsed: ReturnType<typeof asn1js.fromBER>;
  try {
    // asn1js decodes string and time values as it reads them, and throws on some that do not decode
    // (a BMPString of an odd length, a GeneralizedTime that is not a time).
    parsed = asn1js.fromBER(der.slice().buffer);
  } catch {
    throw new NotDerError(`${what} holds a value that cannot be decoded`);
  }
  if (parsed.offset === -1 || parsed.offset !== der.byteLength) throw new NotDerError(`${what} is not one DER structure`);
  return parsed.result;
}

/** Reads an X.509 certificate's public key and validity; throws {@link NotDerError} when it is not one. */
export function readCertificate(der: Uint8Array): CertificateFacts {
  readyNow();
  const schema = parseDer(der, 'a certificate');
  let certificate: Certificate;
  try {
    certificate = new Certificate({ schema });
  } catch {
    throw new NotDerError('the DER structure is not an X.509 certificate');
  }
  return {
    subjectPublicKeyInfo: bytesOf(certificate.subjectPublicKeyInfo.toSchema().toBER(false)),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
  };
}

/** The DER of a certification request's SubjectPublicKeyInfo; throws {@link NotDerError} when it is not a request. */
export function requestPublicKey(der: Uint8Array): Uint8Array {
  readyNow();
  const schema = parseDer(der, 'a certification request');
  try {
    return bytesOf(new CertificationRequest({ schema }).subjectPublicKeyInfo.toSchema().toBER(false));
  } catch {
    throw new NotDerError('the DER structure is not a PKCS #10 certification request');
  }
}

/** The RSA public key of a SubjectPublicKeyInfo as JWK members `n` and `e`. */
export async function rsaPublicMembers(subjectPublicKeyInfo: Uint8Array): Promise<{ n: string; e: string }> {
  const key = await crypto.subtle.importKey('spki', subjectPublicKeyInfo.slice(), { name: RSA_ALGORITHM.name, hash: 'SHA-256' }, true, ['verify']);
  const jwk = await crypto.subtle.exportKey('jwk', key);
  return { n: jwk.n!, e: jwk.e! };
}

/** `x5t#S256`: the base64url SHA-256 digest of a certificate's DER. */
export async function sha256Thumbprint(der: Uint8Array): Promise<string> {
  return encodeBase64url(new Uint8Array(await crypto.subtle.digest('SHA-256', der.slice())));
}

export { fromBase64, toBase64 } from '../../shared/base64';
