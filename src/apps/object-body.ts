import * as z from 'zod/mini';
import { recordOf } from '../validation/record';

/**
 * The client's check of a body the API checks field by field itself (feature capabilities, a
 * connection, a group push mapping, a claim, a user schema change): it must be a JSON object. The
 * strict schemas of these bodies (each capability's `input.ts`) type them through `import type` and
 * are enforced by the reference backend, so browser bundles do not carry them.
 */
export const ObjectBody = recordOf(z.unknown());
