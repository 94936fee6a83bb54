import * as z from 'zod/mini';
import { recordOf } from '../../validation/record';

/* The strict schemas of group push bodies: the reference backend enforces them; the client types its calls with them. */

const id = z.string().check(z.minLength(1), z.maxLength(100));
const status = z.enum(['ACTIVE', 'INACTIVE']);

/**
 * The body of `groupPush.create`: the Okta group to push, and either the id of an existing target
 * group (`targetGroupId`, to link) or the name of a new one (`targetGroupName`, created), not both.
 */
export const CreateGroupPushMappingSchema = z
  .strictObject({
    sourceGroupId: id,
    targetGroupId: z.optional(id),
    targetGroupName: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
    status: z.optional(status),
    appConfig: z.optional(recordOf(z.unknown())),
  })
  .check(
    z.refine((v) => (v.targetGroupId === undefined) !== (v.targetGroupName === undefined), {
      message: 'Give either targetGroupId (an existing group to link) or targetGroupName (a group to create), not both',
      path: ['targetGroupId'],
    }),
  );

/** The body of `groupPush.create`. */
export type CreateGroupPushMappingInput = z.input<typeof CreateGroupPushMappingSchema>;

/** The body of `groupPush.update`: the mapping's new status. */
export const UpdateGroupPushMappingSchema = z.strictObject({ status });
