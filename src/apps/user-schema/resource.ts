import * as z from 'zod/mini';
import type { ApiCall } from '../../core/api-call';
import { defineOperations } from '../../core/operations';
import type { CallOptions, Transport } from '../../core/transport';
import { recordOf } from '../../validation/record';
import { ObjectBody } from '../object-body';
import type { AppUserSchemaUpdate } from './input';

const properties = z.looseObject({ properties: recordOf(z.unknown()) });

/** The app user schema as the API answers it (JSON Schema draft 04 with Okta's members); unknown members are kept. */
export const AppUserSchemaDocumentSchema = z.looseObject({ id: z.string(), definitions: z.looseObject({ base: properties, custom: properties }) });

/** The schema of an app's user profiles: `definitions.base` (the app's own) and `definitions.custom` (added ones). */
export type AppUserSchemaDocument = z.infer<typeof AppUserSchemaDocumentSchema>;

/** The schema of an app's user profiles (`/api/v1/meta/schemas/apps/{appId}/default`). */
export interface AppUserSchemaResource {
  /** Retrieves the app user schema. */
  get(appId: string, options?: CallOptions): ApiCall<AppUserSchemaDocument>;
  /** Adds, replaces or (with `null`) removes custom properties; the answer is the whole schema. */
  update(appId: string, change: AppUserSchemaUpdate, options?: CallOptions): ApiCall<AppUserSchemaDocument>;
}

/** @internal wired into `client.apps.userSchema` by the `appResources` extension. */
export const appUserSchema: (transport: Transport) => AppUserSchemaResource = defineOperations({
  get: { route: 'GET /api/v1/meta/schemas/apps/{appId}/default', answer: AppUserSchemaDocumentSchema, what: 'app user schema' },
  update: {
    route: 'POST /api/v1/meta/schemas/apps/{appId}/default',
    body: ObjectBody,
    answer: AppUserSchemaDocumentSchema,
    // A partial update to the same values does the same: safe to retry.
    retry: 'idempotent',
    what: 'app user schema',
  },
});
