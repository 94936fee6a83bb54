/**
 * `appset/set`: build, sign and verify Security Event Tokens (RFC 8417) for the Okta Shared Signals
 * receiver. Needs no client.
 */
export {
  accountSubjectIdentifierSchema,
  aliasesSubjectIdentifierSchema,
  didSubjectIdentifierSchema,
  emailSubjectIdentifierSchema,
  issSubSubjectIdentifierSchema,
  opaqueSubjectIdentifierSchema,
  phoneNumberSubjectIdentifierSchema,
  securityEventSubjectSchema,
  singleSubjectIdentifierSchema,
  subjectIdentifierSchema,
  uriSubjectIdentifierSchema,
} from './subject';
export type {
  AccountSubjectIdentifier,
  AliasesSubjectIdentifier,
  DidSubjectIdentifier,
  EmailSubjectIdentifier,
  IssSubSubjectIdentifier,
  OpaqueSubjectIdentifier,
  PhoneNumberSubjectIdentifier,
  SecurityEventSubject,
  SubjectIdentifier,
  UriSubjectIdentifier,
} from './subject';

export {
  complianceStatusSchema,
  deviceComplianceChangeEventSchema,
  deviceRiskChangeEventSchema,
  EVENT_SCHEMAS,
  EVENT_TYPES,
  events,
  identifierChangedEventSchema,
  initiatingEntitySchema,
  ipChangeEventSchema,
  isKnownEventType,
  languageTaggedStringSchema,
  riskLevelSchema,
  sessionRevokedEventSchema,
  userRiskChangeEventSchema,
} from './events';
export type {
  ComplianceStatus,
  DeviceComplianceChangeEvent,
  DeviceRiskChangeEvent,
  EventBuilderInput,
  EventTypeName,
  EventTypeUri,
  IdentifierChangedEvent,
  InitiatingEntity,
  IpChangeEvent,
  KnownEventPayloads,
  LanguageTaggedString,
  RiskLevel,
  SecurityEventsInput,
  SessionRevokedEvent,
  SingleEvent,
  UserRiskChangeEvent,
  VerifiedEvents,
} from './events';

export {
  isSetVerificationError,
  SecurityEventTokenInputError,
  SET_ERROR_CODES,
  SetVerificationError,
} from './errors';
export type { SetErrorCode } from './errors';

export { DEFAULT_ALGORITHMS, decodeSecurityEventToken, SECEVENT_TYP } from './decode';
export type {
  AsymmetricAlgorithm,
  DecodedSecurityEventToken,
  DecodeSecurityEventTokenOptions,
  SecurityEventTokenHeader,
} from './decode';

export { createLocalKeySet, createRemoteKeySet } from './keys';
export type {
  JsonWebKeySet,
  KeyResolver,
  KeySource,
  RemoteKeySet,
  RemoteKeySetOptions,
  VerificationKey,
} from './keys';

export { signSecurityEventToken } from './sign';
export type {
  SecurityEventTokenClaimsInput,
  SigningKey,
  SignSecurityEventTokenOptions,
} from './sign';

export { securityEventTokenClaimsSchema, verifySecurityEventToken } from './verify';
export type {
  SecurityEventTokenClaims,
  VerifiedSecurityEventToken,
  VerifySecurityEventTokenOptions,
} from './verify';
