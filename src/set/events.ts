import * as z from 'zod/mini';
import {
  BLANK_FIELD,
  fieldIssues,
  NOT_ALLOWED_VALUE,
  PARSE_OPTIONS,
  type FieldIssue,
} from '../validation/field-issues';
import { SecurityEventTokenInputError } from './errors';
import { isJsonObject } from '../validation/record';
import { eventCheck, FAIL, oneOf, optionalText as fastOptionalText, subjectCheck, subjectIdentifierCheck } from './fast-parse';
import { SUBJECT_PATTERNS, securityEventSubjectSchema } from './subject';

/** The event-type URIs this package knows, by a short name. */
export const EVENT_TYPES = {
  deviceRiskChange: 'https://schemas.okta.com/secevent/okta/event-type/device-risk-change',
  userRiskChange: 'https://schemas.okta.com/secevent/okta/event-type/user-risk-change',
  ipChange: 'https://schemas.okta.com/secevent/okta/event-type/ip-change',
  deviceComplianceChange:
    'https://schemas.openid.net/secevent/caep/event-type/device-compliance-change',
  sessionRevoked: 'https://schemas.openid.net/secevent/caep/event-type/session-revoked',
  identifierChanged: 'https://schemas.openid.net/secevent/risc/event-type/identifier-changed',
} as const;

/** The short name of a known event type, e.g. `userRiskChange`. */
export type EventTypeName = keyof typeof EVENT_TYPES;
/** The URI of a known event type, e.g. `https://schemas.okta.com/secevent/okta/event-type/ip-change`. */
export type EventTypeUri = (typeof EVENT_TYPES)[EventTypeName];

const RISK_LEVELS = ['low', 'medium', 'high', 'secure', 'none'] as const;
const COMPLIANCE_STATUSES = ['compliant', 'not-compliant'] as const;
const INITIATING_ENTITIES = ['admin', 'user', 'policy', 'system'] as const;

/** Risk levels of the Okta risk-change events. */
export const riskLevelSchema = z.enum(RISK_LEVELS);
/** Compliance states of the CAEP device-compliance-change event. */
export const complianceStatusSchema = z.enum(COMPLIANCE_STATUSES);
/** Who or what caused an event (CAEP `initiating_entity`). */
export const initiatingEntitySchema = z.enum(INITIATING_ENTITIES);
/** A text in several languages keyed by language tag; English (`en`) is required. */
export const languageTaggedStringSchema = z.catchall(z.object({ en: z.string() }), z.string());

/** One risk level: `low`, `medium`, `high`, `secure` or `none`. */
export type RiskLevel = z.infer<typeof riskLevelSchema>;
/** `compliant` or `not-compliant`. */
export type ComplianceStatus = z.infer<typeof complianceStatusSchema>;
/** `admin`, `user`, `policy` or `system`. */
export type InitiatingEntity = z.infer<typeof initiatingEntitySchema>;
/** `{ en: string, [languageTag]: string }`. */
export type LanguageTaggedString = z.infer<typeof languageTaggedStringSchema>;

const commonShape = {
  event_timestamp: z.int().check(z.nonnegative()),
  subject: securityEventSubjectSchema,
};

const reasonShape = {
  initiating_entity: z.optional(initiatingEntitySchema),
  reason_admin: z.optional(languageTaggedStringSchema),
  reason_user: z.optional(languageTaggedStringSchema),
};

const optionalText = z.optional(z.string());

/** Payload of Okta's device-risk-change event. */
export const deviceRiskChangeEventSchema = z.looseObject({
  ...commonShape,
  current_level: riskLevelSchema,
  previous_level: riskLevelSchema,
  ...reasonShape,
});

/** Payload of Okta's user-risk-change event. */
export const userRiskChangeEventSchema = z.looseObject({
  ...commonShape,
  current_level: riskLevelSchema,
  previous_level: riskLevelSchema,
  ...reasonShape,
});

const ipv4 = z.ipv4();
const ipv6 = z.ipv6();

/** An IPv4 or IPv6 address, as ip-change events carry them. */
export const ipAddressSchema = z
  .string()
  .check(
    z.minLength(1),
    z.refine(
      (value) => ipv4.safeParse(value).success || ipv6.safeParse(value).success,
      'Must be an IPv4 or IPv6 address, e.g. 203.0.113.7 or 2001:db8::7',
    ),
  );

/** Payload of Okta's ip-change event. */
export const ipChangeEventSchema = z.looseObject({
  ...commonShape,
  current_ip_address: ipAddressSchema,
  previous_ip_address: ipAddressSchema,
  ...reasonShape,
});

/** Payload of the CAEP device-compliance-change event. */
export const deviceComplianceChangeEventSchema = z.looseObject({
  ...commonShape,
  current_status: complianceStatusSchema,
  previous_status: complianceStatusSchema,
  ...reasonShape,
});

/** Payload of the CAEP session-revoked event. */
export const sessionRevokedEventSchema = z.looseObject({
  ...commonShape,
  current_ip: optionalText,
  current_user_agent: optionalText,
  last_known_ip: optionalText,
  last_known_user_agent: optionalText,
  ...reasonShape,
});

/** Payload of the RISC identifier-changed event; `new-value` is the subject's new email or phone number. */
export const identifierChangedEventSchema = z.looseObject({
  ...commonShape,
  'new-value': optionalText,
});

/** The payload schema of each known event type, by URI. */
export const EVENT_SCHEMAS = {
  [EVENT_TYPES.deviceRiskChange]: deviceRiskChangeEventSchema,
  [EVENT_TYPES.userRiskChange]: userRiskChangeEventSchema,
  [EVENT_TYPES.ipChange]: ipChangeEventSchema,
  [EVENT_TYPES.deviceComplianceChange]: deviceComplianceChangeEventSchema,
  [EVENT_TYPES.sessionRevoked]: sessionRevokedEventSchema,
  [EVENT_TYPES.identifierChanged]: identifierChangedEventSchema,
} as const;

/** Payload of a device-risk-change event. */
export type DeviceRiskChangeEvent = z.infer<typeof deviceRiskChangeEventSchema>;
/** Payload of a user-risk-change event. */
export type UserRiskChangeEvent = z.infer<typeof userRiskChangeEventSchema>;
/** Payload of an ip-change event. */
export type IpChangeEvent = z.infer<typeof ipChangeEventSchema>;
/** Payload of a device-compliance-change event. */
export type DeviceComplianceChangeEvent = z.infer<typeof deviceComplianceChangeEventSchema>;
/** Payload of a session-revoked event. */
export type SessionRevokedEvent = z.infer<typeof sessionRevokedEventSchema>;
/** Payload of an identifier-changed event. */
export type IdentifierChangedEvent = z.infer<typeof identifierChangedEventSchema>;

/** The payload type of each known event type, by URI. */
export type KnownEventPayloads = {
  [U in EventTypeUri]: z.infer<(typeof EVENT_SCHEMAS)[U]>;
};

/**
 * The `events` claim as a verifier returns it: known URIs carry their typed payload, any other URI an
 * unchecked `unknown`.
 */
export type VerifiedEvents = { readonly [U in EventTypeUri]?: KnownEventPayloads[U] } & {
  readonly [uri: string]: unknown;
};

/** The `events` claim as a signer accepts it: known URIs must carry their payload type. */
export type SecurityEventsInput = { [U in EventTypeUri]?: KnownEventPayloads[U] } & {
  [uri: string]: unknown;
};

/** What a builder takes: the event's payload with `event_timestamp` optional (it defaults to now). */
export type EventBuilderInput<P> = {
  [K in keyof P as K extends 'event_timestamp' ? never : K]: P[K];
} & { event_timestamp?: number };

/** A single-entry `events` object, `{ [uri]: payload }`, ready to spread into the `events` claim. */
export type SingleEvent<U extends EventTypeUri> = { [K in U]: KnownEventPayloads[K] };

/** Whether `uri` is one of the {@link EVENT_TYPES}. */
export function isKnownEventType(uri: string): uri is EventTypeUri {
  return Object.hasOwn(EVENT_SCHEMAS, uri);
}

/** Current time in whole seconds since the epoch, the unit of every SET timestamp. */
export function nowInSeconds(date: Date = new Date()): number {
  return Math.floor(date.getTime() / 1000);
}

// The common valid payloads, checked by hand (see fast-parse.ts); ip-change and anything these do not
// vouch for go through the zod schemas.
const fastSubject = subjectCheck(subjectIdentifierCheck(SUBJECT_PATTERNS));
const askZod = () => FAIL;
const fastReason = [
  ['initiating_entity', oneOf(INITIATING_ENTITIES), true],
  ['reason_admin', askZod, true],
  ['reason_user', askZod, true],
] as const;
const fastRisk = eventCheck(fastSubject, [
  ['current_level', oneOf(RISK_LEVELS), false],
  ['previous_level', oneOf(RISK_LEVELS), false],
  ...fastReason,
]);
const FAST_EVENT_CHECKS: Partial<Record<EventTypeUri, (payload: unknown) => unknown>> = {
  [EVENT_TYPES.deviceRiskChange]: fastRisk,
  [EVENT_TYPES.userRiskChange]: fastRisk,
  [EVENT_TYPES.deviceComplianceChange]: eventCheck(fastSubject, [
    ['current_status', oneOf(COMPLIANCE_STATUSES), false],
    ['previous_status', oneOf(COMPLIANCE_STATUSES), false],
    ...fastReason,
  ]),
  [EVENT_TYPES.sessionRevoked]: eventCheck(fastSubject, [
    ['current_ip', ...fastOptionalText],
    ['current_user_agent', ...fastOptionalText],
    ['last_known_ip', ...fastOptionalText],
    ['last_known_user_agent', ...fastOptionalText],
    ...fastReason,
  ]),
  [EVENT_TYPES.identifierChanged]: eventCheck(fastSubject, [['new-value', ...fastOptionalText]]),
};

/** Validates one known event's payload, reporting issues under `prefix` (e.g. `events.<uri>`). */
function parseEvent(uri: EventTypeUri, payload: unknown, prefix: ReadonlyArray<PropertyKey>) {
  const fast = FAST_EVENT_CHECKS[uri]?.(payload);
  if (fast !== undefined && fast !== FAIL) return { data: fast, issues: [] };
  const result = EVENT_SCHEMAS[uri].safeParse(payload, PARSE_OPTIONS);
  if (result.success) return { data: result.data as unknown, issues: [] };
  const issues = fieldIssues(result.error, prefix);
  return { data: undefined, issues };
}

/**
 * Checks an `events` claim: a non-empty object whose members are objects; each known event's payload
 * must match its schema; with `strictEvents`, unknown event types are refused. Returns the parsed
 * events (unknown ones as they came) and one {@link FieldIssue} per problem, paths under `events`.
 */
export function validateEvents(
  value: unknown,
  options: { strictEvents?: boolean } = {},
): { events: Record<string, unknown>; issues: FieldIssue[] } {
  const events: Record<string, unknown> = {};
  if (value === undefined || value === null) {
    return { events, issues: [{ path: 'events', reason: BLANK_FIELD }] };
  }
  if (!isJsonObject(value)) {
    return { events, issues: [{ path: 'events', reason: 'Must be an object' }] };
  }
  const entries = Object.entries(value);
  if (entries.length === 0) {
    return { events, issues: [{ path: 'events', reason: BLANK_FIELD }] };
  }
  const issues: FieldIssue[] = [];
  for (const [uri, payload] of entries) {
    if (uri === '__proto__') {
      // Assigned below, it would become the prototype of `events` instead of one of its members.
      issues.push({ path: 'events.__proto__', reason: NOT_ALLOWED_VALUE });
    } else if (isKnownEventType(uri)) {
      const parsed = parseEvent(uri, payload, ['events', uri]);
      issues.push(...parsed.issues);
      events[uri] = parsed.data;
    } else if (options.strictEvents === true) {
      issues.push({ path: `events.${uri}`, reason: NOT_ALLOWED_VALUE });
    } else if (!isJsonObject(payload)) {
      issues.push({ path: `events.${uri}`, reason: 'Must be an object' });
    } else {
      events[uri] = payload;
    }
  }
  return { events, issues };
}

function builder<U extends EventTypeUri>(uri: U, name: EventTypeName) {
  return (input: EventBuilderInput<KnownEventPayloads[U]>): SingleEvent<U> => {
    const payload = {
      ...(input as Record<string, unknown>),
      event_timestamp: input.event_timestamp ?? nowInSeconds(),
    };
    const parsed = parseEvent(uri, payload, []);
    if (parsed.issues.length > 0) {
      throw new SecurityEventTokenInputError(
        `Cannot build the ${name} event (${uri})`,
        parsed.issues,
      );
    }
    return { [uri]: parsed.data } as SingleEvent<U>;
  };
}

/**
 * Typed builders, one per known event type. Each validates its payload, fills `event_timestamp` with
 * the current time when omitted, and returns `{ [uri]: payload }` so several combine by spreading:
 * `events: { ...events.userRiskChange(a), ...events.ipChange(b) }`. Invalid input throws a
 * {@link SecurityEventTokenInputError} naming each bad field.
 */
export const events = {
  /** Okta device-risk-change: `{ subject, current_level, previous_level }`. */
  deviceRiskChange: builder(EVENT_TYPES.deviceRiskChange, 'deviceRiskChange'),
  /** Okta user-risk-change: `{ subject, current_level, previous_level }`. */
  userRiskChange: builder(EVENT_TYPES.userRiskChange, 'userRiskChange'),
  /** Okta ip-change: `{ subject, current_ip_address, previous_ip_address }`. */
  ipChange: builder(EVENT_TYPES.ipChange, 'ipChange'),
  /** CAEP device-compliance-change: `{ subject, current_status, previous_status }`. */
  deviceComplianceChange: builder(EVENT_TYPES.deviceComplianceChange, 'deviceComplianceChange'),
  /** CAEP session-revoked: `{ subject }` and optionally the current / last known IP and user agent. */
  sessionRevoked: builder(EVENT_TYPES.sessionRevoked, 'sessionRevoked'),
  /** RISC identifier-changed: `{ subject, 'new-value'? }`. */
  identifierChanged: builder(EVENT_TYPES.identifierChanged, 'identifierChanged'),
} as const;
