/**
 * `appset/set`: build, sign, publish and verify Security Event Tokens (RFC 8417) for the Okta Shared
 * Signals receiver, and publish a provider's keys and SSF discovery document. Needs no client.
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
  isSetDeliveryError,
  isSetVerificationError,
  SecurityEventTokenInputError,
  SET_ERROR_CODES,
  SetDeliveryError,
  SetVerificationError,
} from './errors';
export type { SetDeliveryErrorCode, SetErrorCode } from './errors';

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

export { publicJwk, publicKeySet } from './jwks';
export type { KeySetEntry, PublicJwk, PublicJwkOptions, PublishableKey } from './jwks';

export {
  POLL_DELIVERY_METHOD,
  PUSH_DELIVERY_METHOD,
  SSF_CONFIGURATION_PATH,
  ssfConfiguration,
  ssfConfigurationUrl,
} from './discovery';
export type { SsfConfiguration, SsfConfigurationOptions, SsfMetadata } from './discovery';

export { createProviderHandler } from './provider-handler';
export type { ProviderHandler, ProviderHandlerOptions } from './provider-handler';

export { createPublisher, MAX_PUBLISHED_TOKEN_BYTES, OKTA_RECEIVER_PATH, PUBLISHER_DEFAULTS } from './publisher';
export type { OutcomeBase, PublisherOptions, PublishOutcome, PublishReceipt, PublishRetry, SetPublisher } from './publisher';
