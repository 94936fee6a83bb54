import * as z from 'zod/mini';
import type { ApiCall } from '../../core/api-call';
import { defineOperations } from '../../core/operations';
import type { CallOptions, Transport } from '../../core/transport';
import { recordOf } from '../../validation/record';

/** The app user schema as the API answers it (JSON Schema draft 04 with Okta's members); unknown members are kept. */
export const AppUserSchemaDocumentSchema = z.looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  title: z.optional(z.string()),
  definitions: z.looseObject({
    base: z.looseObject({ properties: recordOf(z.unknown()) }),
    custom: z.looseObject({ properties: recordOf(z.unknown()) }),
  }),
});

/** The schema of an app's user profiles: `definitions.base` (the app's own) and `definitions.custom` (added ones). */
export type AppUserSchemaDocument = z.infer<typeof AppUserSchemaDocumentSchema>;

const MAX_PROPERTIES = 100;
const propertyName = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/** One custom property of the app user schema. */
export const AppUserSchemaPropertySchema = z.looseObject({
  title: z.string().check(z.minLength(1), z.maxLength(255)),
  type: z.enum(['string', 'boolean', 'number', 'integer', 'array']),
  description: z.optional(z.string().check(z.maxLength(1024))),
});

const properties = (value: z.ZodMiniType) =>
  recordOf(value).check(
    z.refine((p) => Object.keys(p).length <= MAX_PROPERTIES, `Must have at most ${MAX_PROPERTIES} properties`),
    z.refine((p) => Object.keys(p).every((name) => propertyName.test(name)), 'Property names must be 1 to 100 letters, digits or "_", not starting with a digit'),
  );

/**
 * The body of `userSchema.update`: a partial update. Custom properties given are added or replaced,
 * a custom property given as `null` is removed, those left out stay; base properties may only have
 * their `required` changed.
 */
export const AppUserSchemaUpdateSchema = z.looseObject({
  definitions: z.strictObject({
    custom: z.optional(z.looseObject({ properties: z.optional(properties(z.nullable(AppUserSchemaPropertySchema))) })),
    base: z.optional(z.looseObject({ properties: z.optional(properties(z.looseObject({ required: z.optional(z.boolean()) }))) })),
  }),
});

/** The body of `userSchema.update`. */
export type AppUserSchemaUpdate = z.input<typeof AppUserSchemaUpdateSchema>;

/** The schema of an app's user profiles (`/api/v1/meta/schemas/apps/{appId}/default`). */
export interface AppUserSchemaResource {
  /** Retrieves the app user schema. */
  get(appId: string, options?: CallOptions): ApiCall<AppUserSchemaDocument>;
  /** Adds, replaces or (with `null`) removes custom properties; the answer is the whole schema. */
  update(appId: string, change: AppUserSchemaUpdate, options?: CallOptions): ApiCall<AppUserSchemaDocument>;
}

/** @internal wired into `client.apps.userSchema`. */
export const appUserSchema: (transport: Transport) => AppUserSchemaResource = defineOperations({
  get: { route: 'GET /api/v1/meta/schemas/apps/{appId}/default', answer: AppUserSchemaDocumentSchema, what: 'app user schema' },
  update: {
    route: 'POST /api/v1/meta/schemas/apps/{appId}/default',
    body: AppUserSchemaUpdateSchema,
    answer: AppUserSchemaDocumentSchema,
    // A partial update to the same values does the same: safe to retry.
    retry: 'idempotent',
    what: 'app user schema',
  },
});
