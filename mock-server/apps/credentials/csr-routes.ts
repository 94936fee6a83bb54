import { readJsonBody } from '../../pipeline/request';
import { type RouteSpec } from '../../pipeline/route';
import { CsrMetadataSchema } from '../../../src/apps/credentials/inputs';
import { OktaHttpError } from '../../pipeline/okta-errors';
import { wholeSeconds } from '../../shared/time';
import { renderCsr } from './csrs';
import { CERTIFICATE_TYPES, readCertificateUpload } from './certificate-upload';
import { NotDerError, rsaPublicMembers, sha256Thumbprint, toBase64 } from './x509';
import { unsupportedMediaType, wantsPkcs10, pkcs10Reply, parseInput, type CredentialRouteKit } from './route-kit';

/** Certificate signing requests: generate, list, get, revoke, publish. */
export function csrRoutes(kit: CredentialRouteKit): RouteSpec[] {
  const { origin, keys, keyUrl, renderAppKey, ok, base, apps, credentials } = kit;
  return [
    {
      method: 'get',
      path: `${base}/csrs`,
      summary: 'lists the app\'s certificate signing requests',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params }) => {
        apps.require(params.appId!);
        return ok(credentials.csrs.list(params.appId!).map((csr) => renderCsr(origin(), csr)));
      },
    },
    {
      method: 'post',
      path: `${base}/csrs`,
      summary: 'generates a CSR for `subject` and `subjectAltNames`: JSON, or PKCS #10 DER with `Accept: application/pkcs10`',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, now, headers } = input;
        apps.require(params.appId!);
        const metadata = parseInput(CsrMetadataSchema, await readJsonBody(input));
        const requireApp = () => void apps.require(params.appId!);
        const csr = await credentials.csrs.create(params.appId!, metadata, wholeSeconds(now), requireApp, () => credentials.newCsrId());
        const location: Array<[string, string]> = [['location', `${origin()}/api/v1/apps/${csr.appId}/credentials/csrs/${csr.id}`]];
        if (wantsPkcs10(headers)) return pkcs10Reply(201, csr, location);
        return { status: 201, body: renderCsr(origin(), csr), headers: location };
      },
    },
    {
      method: 'get',
      path: `${base}/csrs/:csrId`,
      summary: 'reads one CSR',
      bucket: 'app',
      scope: 'okta.apps.read',
      handle: ({ params, headers }) => {
        apps.require(params.appId!);
        const csr = credentials.csrs.require(params.appId!, params.csrId!);
        return wantsPkcs10(headers) ? pkcs10Reply(200, csr) : ok(renderCsr(origin(), csr));
      },
    },
    {
      method: 'delete',
      path: `${base}/csrs/:csrId`,
      summary: 'revokes a CSR (204)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: ({ params }) => {
        apps.require(params.appId!);
        credentials.csrs.revoke(params.appId!, params.csrId!);
        return { status: 204 };
      },
    },
    {
      method: 'post',
      path: `${base}/csrs/:csrId/lifecycle/publish`,
      summary: 'publishes a PEM, DER or CER certificate for the CSR\'s key: a key of the app; refused when the key differs or it is valid under 90 days',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async ({ params, request, now }) => {
        const appId = params.appId!;
        apps.require(appId);
        const csr = credentials.csrs.require(appId, params.csrId!);
        const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
        if (!CERTIFICATE_TYPES.has(type)) throw unsupportedMediaType();
        const der = await readCertificateUpload(request);
        // Everything is checked before anything changes: a refused publish keeps the CSR.
        const check = () => {
          apps.require(appId);
          keys.refuseFull(appId);
          try {
            return credentials.csrs.checkCertificate(appId, csr.id, der, now);
          } catch (error) {
            if (error instanceof NotDerError) throw new OktaHttpError(400, 'E0000001', 'Api validation failed: certificate', [`The certificate could not be read: ${error.message}.`]);
            throw error;
          }
        };
        check();
        const made = { x5c: toBase64(der), x5t: await sha256Thumbprint(der), ...(await rsaPublicMembers(csr.subjectPublicKeyInfo)) };
        // Checked again after the awaits (a request meanwhile may have published, revoked or filled),
        // then changed with no await between.
        const { notAfterMs } = check();
        const key = { kid: csr.id, created: wholeSeconds(now), lastUpdated: wholeSeconds(now) };
        keys.attach(appId, key);
        keys.adopt({ kid: csr.id, createdMs: now, notAfterMs, made });
        credentials.csrs.revoke(appId, csr.id);
        return { status: 201, body: await renderAppKey(key), headers: [['location', keyUrl(appId, key.kid)]] };
      },
    },
  ];
}
