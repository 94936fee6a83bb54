import * as z from 'zod/mini';

/**
 * A required, non-empty string that must also pass `test`. The length check aborts first so an empty
 * value is reported once, as blank, and not a second time as malformed.
 */
function patternedString(test: RegExp, message: string) {
  return z.string().check(
    z.minLength(1, { abort: true }),
    z.refine((value) => test.test(value), { message }),
  );
}

const nonEmptyString = z.string().check(z.minLength(1));

// Light syntax checks only: a receiver must not refuse an address that its provider's own stack accepts.
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const E164 = /^\+[1-9][0-9]{1,14}$/;
const ACCT_URI = /^acct:[^\s@]+@[^\s@]+$/;
const DID_URL = /^did:[a-z0-9]+:\S+$/;
const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

/** @internal The patterns above, for the hand checks of fast-parse.ts. */
export const SUBJECT_PATTERNS = { email: EMAIL, e164: E164, acct: ACCT_URI, did: DID_URL, uri: ABSOLUTE_URI } as const;

/** RFC 9493 `email` subject identifier: `{ format: 'email', email }`. */
export const emailSubjectIdentifierSchema = z.looseObject({
  format: z.literal('email'),
  email: patternedString(EMAIL, 'Must be an email address, e.g. user@example.com'),
});

/** RFC 9493 `iss_sub` subject identifier: an issuer and the subject's identifier at that issuer. */
export const issSubSubjectIdentifierSchema = z.looseObject({
  format: z.literal('iss_sub'),
  iss: nonEmptyString,
  sub: nonEmptyString,
});

/** RFC 9493 `opaque` subject identifier: `{ format: 'opaque', id }`, an identifier the parties agreed on. */
export const opaqueSubjectIdentifierSchema = z.looseObject({
  format: z.literal('opaque'),
  id: nonEmptyString,
});

/** RFC 9493 `phone_number` subject identifier: a telephone number in E.164 form (`+12065550100`). */
export const phoneNumberSubjectIdentifierSchema = z.looseObject({
  format: z.literal('phone_number'),
  phone_number: patternedString(E164, 'Must be a telephone number in E.164 format, e.g. +12065550100'),
});

/** RFC 9493 `account` subject identifier: an `acct:` URI (`acct:user@example.com`). */
export const accountSubjectIdentifierSchema = z.looseObject({
  format: z.literal('account'),
  uri: patternedString(ACCT_URI, 'Must be an acct: URI, e.g. acct:user@example.com'),
});

/** RFC 9493 `did` subject identifier: a decentralized identifier URL (`did:example:123`). */
export const didSubjectIdentifierSchema = z.looseObject({
  format: z.literal('did'),
  url: patternedString(DID_URL, 'Must be a DID URL, e.g. did:example:123456'),
});

/** RFC 9493 `uri` subject identifier: any absolute URI. */
export const uriSubjectIdentifierSchema = z.looseObject({
  format: z.literal('uri'),
  uri: patternedString(ABSOLUTE_URI, 'Must be an absolute URI, e.g. https://example.com/users/123'),
});

/** Every RFC 9493 subject identifier format except `aliases`: what an `aliases` identifier may list. */
export const singleSubjectIdentifierSchema = z.discriminatedUnion('format', [
  emailSubjectIdentifierSchema,
  issSubSubjectIdentifierSchema,
  opaqueSubjectIdentifierSchema,
  phoneNumberSubjectIdentifierSchema,
  accountSubjectIdentifierSchema,
  didSubjectIdentifierSchema,
  uriSubjectIdentifierSchema,
]);

/** RFC 9493 `aliases` subject identifier: several identifiers of one subject; aliases never nest. */
export const aliasesSubjectIdentifierSchema = z.looseObject({
  format: z.literal('aliases'),
  identifiers: z.array(singleSubjectIdentifierSchema).check(z.minLength(1)),
});

/** An RFC 9493 subject identifier of any supported format, discriminated on `format`. */
export const subjectIdentifierSchema = z.discriminatedUnion('format', [
  emailSubjectIdentifierSchema,
  issSubSubjectIdentifierSchema,
  opaqueSubjectIdentifierSchema,
  phoneNumberSubjectIdentifierSchema,
  accountSubjectIdentifierSchema,
  didSubjectIdentifierSchema,
  uriSubjectIdentifierSchema,
  aliasesSubjectIdentifierSchema,
]);

/**
 * The `subject` member of every event: the user, device and/or tenant the event is about. At least one
 * must be present; other members survive unchecked.
 */
export const securityEventSubjectSchema = z
  .looseObject({
    user: z.optional(subjectIdentifierSchema),
    device: z.optional(subjectIdentifierSchema),
    tenant: z.optional(subjectIdentifierSchema),
  })
  .check(
    z.refine(
      (subject) =>
        subject.user !== undefined || subject.device !== undefined || subject.tenant !== undefined,
      { message: 'Must name at least one of user, device, tenant' },
    ),
  );

/** `{ format: 'email', email }`. */
export type EmailSubjectIdentifier = z.infer<typeof emailSubjectIdentifierSchema>;
/** `{ format: 'iss_sub', iss, sub }`. */
export type IssSubSubjectIdentifier = z.infer<typeof issSubSubjectIdentifierSchema>;
/** `{ format: 'opaque', id }`. */
export type OpaqueSubjectIdentifier = z.infer<typeof opaqueSubjectIdentifierSchema>;
/** `{ format: 'phone_number', phone_number }`. */
export type PhoneNumberSubjectIdentifier = z.infer<typeof phoneNumberSubjectIdentifierSchema>;
/** `{ format: 'account', uri }` with an `acct:` URI. */
export type AccountSubjectIdentifier = z.infer<typeof accountSubjectIdentifierSchema>;
/** `{ format: 'did', url }`. */
export type DidSubjectIdentifier = z.infer<typeof didSubjectIdentifierSchema>;
/** `{ format: 'uri', uri }`. */
export type UriSubjectIdentifier = z.infer<typeof uriSubjectIdentifierSchema>;
/** `{ format: 'aliases', identifiers }`. */
export type AliasesSubjectIdentifier = z.infer<typeof aliasesSubjectIdentifierSchema>;
/** Any RFC 9493 subject identifier this package understands. */
export type SubjectIdentifier = z.infer<typeof subjectIdentifierSchema>;
/** The `subject` member of an event: `{ user?, device?, tenant? }`, at least one present. */
export type SecurityEventSubject = z.infer<typeof securityEventSubjectSchema>;
