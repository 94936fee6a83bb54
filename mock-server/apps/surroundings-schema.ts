import { z } from 'zod';
import { iso, MAX_ITEMS, policyRecord, str } from '../state/document-fields';

/** Base64 of a logo under 1 MB. */
const MAX_LOGO_BASE64 = Math.ceil((1024 * 1024) / 3) * 4;

const appId = z.string().regex(/^[0-9A-Za-z]{20}$/, 'Must be a 20-character base62 app id, e.g. 0oa1a2b3c4d5e6f7g8h9');
const oktaId = (prefix: string) => z.string().regex(new RegExp(`^${prefix}[0-9A-Za-z]{${20 - prefix.length}}$`), `Must be a 20-character id starting ${prefix}`);
const base64 = z.string().max(MAX_LOGO_BASE64).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Must be base64');
const json = z.record(z.string(), z.unknown());
const customProperty = z.looseObject({ title: str(255).min(1), type: z.enum(['string', 'boolean', 'number', 'integer', 'array']) });

/** The members a seed document may add around apps (each optional; apps are named by their id). */
export const SURROUNDINGS_SEED_MEMBERS = {
  /** App logos: the image's bytes in base64 (PNG, JPEG, GIF or UTF-8 SVG under 1 MB). */
  logos: z.array(z.strictObject({ appId, data: base64 })).max(1000).optional(),
  /** Provisioning connections of apps that can be provisioned. */
  connections: z
    .array(z.strictObject({ appId, status: z.enum(['ENABLED', 'DISABLED']).optional(), authScheme: z.enum(['TOKEN', 'OAUTH2']).optional(), baseUrl: str(1000).optional(), clientId: str(100).optional() }))
    .max(10_000)
    .optional(),
  /** Feature capabilities of apps whose connection is enabled (a partial update of the defaults). */
  features: z.array(z.strictObject({ appId, name: z.enum(['USER_PROVISIONING', 'INBOUND_PROVISIONING']), capabilities: json })).max(10_000).optional(),
  /** Refresh tokens issued to apps' clients (the backend's token endpoint issues none). */
  refreshTokens: z
    .array(
      z.strictObject({
        appId,
        userId: str(100).min(1),
        scopes: z.array(str(255).min(1)).min(1).max(50),
        id: oktaId('oar').optional(),
        issuer: z.url({ protocol: /^https?$/ }).max(1000).optional(),
        expiresAt: iso.optional(),
      }),
    )
    .max(MAX_ITEMS)
    .optional(),
  /** Group push mappings: a source group pushed to a target group (given by id, or created by name). */
  groupPushMappings: z
    .array(z.strictObject({ appId, sourceGroupId: str(100).min(1), targetGroupId: str(100).min(1).optional(), targetGroupName: str(255).min(1).optional(), status: z.enum(['ACTIVE', 'INACTIVE']).optional() }))
    .max(MAX_ITEMS)
    .optional(),
  /** Federated claims of apps. */
  federatedClaims: z.array(z.strictObject({ appId, name: str(255).min(1), expression: str(1024).min(1) })).max(MAX_ITEMS).optional(),
  /** Custom properties of app user schemas. */
  appUserSchemas: z.array(z.strictObject({ appId, custom: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/), customProperty) })).max(10_000).optional(),
};

/**
 * What a snapshot holds around apps: logos (their bytes in base64), provisioning connections and
 * feature capabilities, refresh tokens, group push mappings, federated claims, app user schemas,
 * Cross App Access connections and interclient trust mappings. Optional in the document (older
 * snapshots lack it). Older documents kept the policies here, which the `policies` capability reads
 * when the document has no `policies` member.
 */
export const SurroundingsSnapshotSchema = z.strictObject({
  policies: z.array(policyRecord).max(1000).optional(),
  logos: z.array(z.strictObject({ id: str(100), appId, type: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml']), data: base64 })).max(MAX_ITEMS),
  connections: z
    .array(z.strictObject({ appId, status: z.enum(['ENABLED', 'DISABLED']), authScheme: z.enum(['TOKEN', 'OAUTH2']), baseUrl: str(1000).optional(), clientId: str(100).optional(), jwk: json.optional() }))
    .max(MAX_ITEMS),
  features: z.array(z.strictObject({ appId, name: z.enum(['USER_PROVISIONING', 'INBOUND_PROVISIONING']), capabilities: json })).max(MAX_ITEMS),
  refreshTokens: z
    .array(
      z.strictObject({
        id: str(100),
        appId,
        status: z.literal('ACTIVE'),
        created: iso,
        lastUpdated: iso,
        expiresAt: iso.nullable(),
        issuer: str(1000),
        clientId: str(100),
        userId: str(100),
        scopes: z.array(str(255)).max(50),
      }),
    )
    .max(MAX_ITEMS),
  groupPush: z
    .array(
      z.strictObject({
        id: str(100),
        appId,
        sourceGroupId: str(100),
        targetGroupId: str(100),
        status: z.enum(['ACTIVE', 'INACTIVE']),
        created: str(64),
        lastUpdated: str(64),
        appConfig: json.optional(),
      }),
    )
    .max(MAX_ITEMS),
  federatedClaims: z.array(z.strictObject({ id: str(100), appId, name: str(255), expression: str(1024), created: iso, lastUpdated: iso })).max(MAX_ITEMS),
  userSchemas: z
    .array(z.strictObject({ appId, created: iso, lastUpdated: iso, custom: z.record(z.string().max(100), json), baseRequired: z.record(z.string().max(100), z.boolean()) }))
    .max(MAX_ITEMS),
  /** Cross App Access connections between two apps; absent in older documents. */
  crossAppAccess: z
    .array(z.strictObject({ id: oktaId('cwo'), requestingAppInstanceId: appId, resourceAppInstanceId: appId, status: z.enum(['ACTIVE', 'INACTIVE']), created: iso, lastUpdated: iso }))
    .max(MAX_ITEMS)
    .optional(),
  /** Interclient trust mappings: a target app and an app it allows; absent in older documents. */
  interclientTrust: z
    .array(z.strictObject({ id: oktaId('itm'), appInstanceId: appId, trustedAppInstanceId: appId, created: iso, lastUpdated: iso, lastUpdatedBy: str(100) }))
    .max(MAX_ITEMS)
    .optional(),
});

/** The part of a snapshot around apps. */
export type SurroundingsSnapshot = z.output<typeof SurroundingsSnapshotSchema>;
