import * as z from 'zod/mini';
import { int } from '../../validation/int';
import { recordOf } from '../../validation/record';

/*
 * The bodies of app sign-in policy (`ACCESS_POLICY`) and rule calls: the reference backend enforces
 * these schemas; the client types its calls with them. Members a client read back and sends again
 * (`id`, `created`, `_links`, …) are ignored, as real organizations ignore them.
 */

const name = z.string().check(z.minLength(1), z.maxLength(255));
const status = z.enum(['ACTIVE', 'INACTIVE']);
/** An ISO 8601 duration such as `PT2H` or `PT43800H`. */
const duration = z.string().check(z.maxLength(32), z.regex(/^P(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+S)?)?$/, 'Must be an ISO 8601 duration, e.g. PT2H'));
const jsonObject = recordOf(z.unknown());

/** The body of `apps.policies.create` and `replace`: an app sign-in policy. */
export const PolicyInputSchema = z.looseObject({
  type: z.literal('ACCESS_POLICY'),
  name,
  description: z.optional(z.nullable(z.string().check(z.maxLength(1024)))),
  /** Real organizations answer 1 for every access policy whatever is sent. */
  priority: z.optional(z.nullable(int())),
  status: z.optional(status),
  conditions: z.optional(z.null()),
});

/** The body of `apps.policies.create` and `replace`. */
export type AccessPolicyInput = z.input<typeof PolicyInputSchema>;

/**
 * How a rule verifies users: `ASSURANCE` (`factorMode`, `constraints` on knowledge and possession
 * factors, `reauthenticateIn`, `inactivityPeriod`) or `AUTH_METHOD_CHAIN` (`chains` of
 * authentication methods, each with its `next` steps).
 */
export const VerificationMethodSchema = z.looseObject({
  type: z.enum(['ASSURANCE', 'AUTH_METHOD_CHAIN']),
  factorMode: z.optional(z.enum(['1FA', '2FA'])),
  reauthenticateIn: z.optional(duration),
  inactivityPeriod: z.optional(duration),
  constraints: z.optional(z.array(jsonObject).check(z.maxLength(20))),
  chains: z.optional(z.array(jsonObject).check(z.maxLength(20))),
});

/** The body of `apps.policies.rules.create` and `replace`: a rule of an app sign-in policy. */
export const PolicyRuleInputSchema = z.looseObject({
  type: z.optional(z.literal('ACCESS_POLICY')),
  name,
  /** Where the rule goes among the policy's rules: a rule already there moves down by one (the catch-all rule stays last). */
  priority: z.optional(z.nullable(int().check(z.gte(0), z.lte(1000)))),
  status: z.optional(status),
  conditions: z.optional(z.nullable(jsonObject)),
  actions: z.looseObject({
    appSignOn: z.looseObject({
      access: z.enum(['ALLOW', 'DENY']),
      verificationMethod: z.optional(VerificationMethodSchema),
      keepMeSignedIn: z.optional(
        z.looseObject({ postAuth: z.enum(['ALLOWED', 'NOT_ALLOWED']), postAuthPromptFrequency: z.optional(duration) }),
      ),
    }),
  }),
});

/** The body of `apps.policies.rules.create` and `replace`. */
export type AccessPolicyRuleInput = z.input<typeof PolicyRuleInputSchema>;
