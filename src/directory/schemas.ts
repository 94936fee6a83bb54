import * as z from 'zod/mini';
import { int } from '../validation/int';
import { recordOf } from '../validation/record';

const text = z.string();
const nullableText = z.optional(z.nullable(text));

/** A user's profile: the four attributes Okta's default schema requires, and any others (custom ones too). */
export const UserProfileSchema = z.looseObject({
  login: text,
  email: nullableText,
  firstName: nullableText,
  lastName: nullableText,
});

/**
 * A user as `/api/v1/users` answers it; unknown members are kept (`activated`, `statusChanged`,
 * `lastLogin`, `passwordChanged`, `credentials`, `_links`, …). A password is never answered.
 */
export const UserSchema = z.looseObject({
  id: text,
  /** `STAGED`, `PROVISIONED`, `ACTIVE`, `RECOVERY`, `LOCKED_OUT`, `PASSWORD_EXPIRED`, `SUSPENDED` or `DEPROVISIONED`. */
  status: text,
  created: nullableText,
  lastUpdated: nullableText,
  profile: UserProfileSchema,
});

/** A user of the organization. */
export type User = z.infer<typeof UserSchema>;

/** A group as `/api/v1/groups` answers it; unknown members are kept (`lastMembershipUpdated`, `_links`, …). */
export const GroupSchema = z.looseObject({
  id: text,
  created: nullableText,
  lastUpdated: nullableText,
  /** `OKTA_GROUP` for groups made in the organization, `BUILT_IN` for Everyone, `APP_GROUP` for imported ones. */
  type: z.optional(text),
  profile: z.looseObject({ name: text, description: nullableText }),
});

/** A group of the organization. */
export type Group = z.infer<typeof GroupSchema>;

const optionalText = z.optional(text);

/** `limit` and `after`: the paging parameters every directory list takes. */
export const pageParams = { limit: z.optional(int().check(z.positive())), after: optionalText };

/** The parameters of a user or group listing: a lookup (`q`), an expression (`filter` or `search`) and paging. */
export const ListQuerySchema = z.strictObject({ q: optionalText, filter: optionalText, search: optionalText, ...pageParams });
