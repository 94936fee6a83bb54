import * as z from 'zod/mini';
import { recordOf } from '../../validation/record';

/* The strict schema of an app user schema change: the reference backend enforces it; the client types its calls with it. */

const MAX_PROPERTIES = 100;
const propertyName = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/** One custom property of the app user schema. */
export const AppUserSchemaPropertySchema = z.looseObject({
  title: z.string().check(z.minLength(1), z.maxLength(255)),
  type: z.enum(['string', 'boolean', 'number', 'integer', 'array']),
  description: z.optional(z.string().check(z.maxLength(1024))),
});

const propertiesOf = (value: z.ZodMiniType) =>
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
    custom: z.optional(z.looseObject({ properties: z.optional(propertiesOf(z.nullable(AppUserSchemaPropertySchema))) })),
    base: z.optional(z.looseObject({ properties: z.optional(propertiesOf(z.looseObject({ required: z.optional(z.boolean()) }))) })),
  }),
});

/** The body of `userSchema.update`. */
export type AppUserSchemaUpdate = z.input<typeof AppUserSchemaUpdateSchema>;

