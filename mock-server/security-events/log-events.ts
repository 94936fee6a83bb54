import { EVENT_TYPES, type KnownEventPayloads } from '../../src/set/events';
import type { SecurityEventSubject, SubjectIdentifier } from '../../src/set/subject';
import type { DirectoryUser } from '../directory/store';
import { DeferredLogEvent, type StoredLogEvent } from '../logs/store';
import type { StoredProvider } from './providers';
import { subjectKeys } from './signals';

// The System Log events the receiver writes: one per accepted event, and a risk detection for a
// risk a provider reports about a user of the organization.

type Payload<K extends keyof typeof EVENT_TYPES> = KnownEventPayloads[(typeof EVENT_TYPES)[K]];

/** The System Log event type recorded for every accepted event. */
export const RECEIVE_EVENT_TYPE = 'security.events.provider.receive_event';

/**
 * The System Log event type of an entity risk detection, which Okta records for a risk a provider
 * reports (Okta's event type catalog: "Indicates a user risk was detected"; its guide to SSF receivers:
 * received signals "are reported as entity risk detection (`user.risk.detect`) events").
 */
export const RISK_DETECT_EVENT_TYPE = 'user.risk.detect';

/** The members of an event's `subject` the receiver acts on and logs: RFC 9493 subject identifiers. */
export const SUBJECT_ROLES = ['user', 'device', 'tenant'] as const;

/** A risk as Okta's System Log states it: `LOW`, `MEDIUM` or `HIGH`, the level before, and why. */
export interface DetectedRisk {
  level: string;
  previousLevel: string;
  reasons: string | undefined;
}

const OKTA_RISK_LEVELS: Readonly<Record<string, string>> = { low: 'LOW', medium: 'MEDIUM', high: 'HIGH' };

/**
 * The risk an event reports about its user, for `user.risk.detect`: a user-risk-change, or a
 * device-risk-change whose subject names the user (Okta's detection "Security events provider
 * reported risk": "if your EDR provider notifies Okta that a user's device risk level has changed to
 * High, Okta records this detection"). Okta's entity risk has three levels; the SET levels `secure`
 * and `none` have no counterpart, so they detect no risk. Other event types carry no risk level.
 */
export function riskDetection(uri: string, payload: Record<string, unknown>): DetectedRisk | undefined {
  if (uri !== EVENT_TYPES.userRiskChange && uri !== EVENT_TYPES.deviceRiskChange) return undefined;
  const { current_level, previous_level, reason_admin } = payload as Payload<'userRiskChange'>;
  const level = OKTA_RISK_LEVELS[current_level];
  if (level === undefined) return undefined;
  return { level, previousLevel: OKTA_RISK_LEVELS[previous_level] ?? previous_level.toUpperCase(), reasons: reason_admin?.en };
}

/**
 * The System Log event of one accepted event, kept as the few values it is made of and built when the
 * log is read. Provider fields are copied now: the event names the provider as it was when it arrived.
 */
export class ReceivedEventLog extends DeferredLogEvent {
  readonly #providerId: string;
  readonly #issuer: string;
  readonly #providerName: string;

  constructor(
    uuid: string,
    at: number,
    provider: StoredProvider,
    private readonly uri: string,
    /** The verified payload's `subject`, which nothing changes. */
    private readonly subject: unknown,
    private readonly jti: string,
    private readonly requestId: string,
  ) {
    super(uuid, RECEIVE_EVENT_TYPE, at);
    this.#providerId = provider.id;
    this.#issuer = provider.settings.issuer;
    this.#providerName = provider.name;
  }

  protected build(): StoredLogEvent {
    const subject = (this.subject ?? {}) as SecurityEventSubject;
    const targets = SUBJECT_ROLES
      .filter((role) => subject[role] !== undefined)
      .map((role) => target(role, subject[role]!));
    const actor = {
      id: this.#providerId,
      type: 'SecurityEventsProvider',
      alternateId: this.#issuer,
      displayName: this.#providerName,
      detailEntry: null,
    };
    const debugData = { eventType: this.uri, jti: this.jti, issuer: this.#issuer };
    return successEvent(this, 'Security Events Provider Reported Risk', actor, targets, this.requestId, debugData);
  }}

function target(role: 'user' | 'device' | 'tenant', id: unknown) {
  const format = (id as { format?: unknown } | null)?.format;
  let key: string | undefined;
  try {
    key = subjectKeys(id as SubjectIdentifier)[0];
  } catch {
    // Only a subject the receiver did not check could get here (it checks every one it accepts):
    // the log still reads, naming the subject by its format.
  }
  key ??= typeof format === 'string' ? format : '';
  const value = key.slice(key.indexOf(':') + 1);
  return {
    id: value,
    type: role === 'user' ? 'User' : role === 'device' ? 'Device' : 'Tenant',
    alternateId: value,
    displayName: value,
    detailEntry: { subjectFormat: format },
  };
}

/**
 * A successful System Log event of the receiver, in the member order real organizations answer with:
 * what differs between its events is the message, the actor, the targets and the debug data.
 */
function successEvent(
  record: DeferredLogEvent,
  displayMessage: string,
  actor: Record<string, unknown>,
  targets: unknown[],
  requestId: string,
  debugData: Record<string, unknown>,
): StoredLogEvent {
  return {
    uuid: record.uuid,
    published: new Date(record.at).toISOString(),
    eventType: record.eventType,
    version: '0',
    severity: 'INFO',
    legacyEventType: null,
    displayMessage,
    actor,
    client: null,
    outcome: { result: 'SUCCESS', reason: null },
    target: targets,
    transaction: { type: 'WEB', id: requestId, detail: {} },
    debugContext: { debugData },
  };
}

/** Okta's own principal, the actor of what its risk engine records. */
const SYSTEM_PRINCIPAL = { id: 'system@okta.com', type: 'SystemPrincipal', alternateId: 'system@okta.com', displayName: 'Okta System', detailEntry: null };

/** The name Okta's entity risk policy gives the detection of a risk a provider reported. */
const PROVIDER_DETECTION = 'Security Events Provider Reported Risk';

/**
 * The `user.risk.detect` System Log event of a risk a provider reported about a user of the
 * organization, with the members Okta's Identity Threat Protection event reference documents: the
 * user as target, an actor (Okta's system principal: the risk engine records the detection), and in
 * `debugContext.debugData` the `risk` as Okta writes it (`{previousLevel=LOW, level=HIGH,
 * detectionName=…, reasons=…, issuer=…}`) and a `traceId`.
 */
export class RiskDetectLog extends DeferredLogEvent {
  readonly #issuer: string;
  readonly #user: { id: string; login: string; name: string };

  constructor(
    uuid: string,
    at: number,
    provider: StoredProvider,
    user: DirectoryUser,
    private readonly risk: DetectedRisk,
    private readonly requestId: string,
  ) {
    super(uuid, RISK_DETECT_EVENT_TYPE, at);
    this.#issuer = provider.settings.issuer;
    const { login, firstName, lastName } = user.profile;
    this.#user = { id: user.id, login, name: [firstName, lastName].filter((part) => part !== null).join(' ') || login };
  }

  protected build(): StoredLogEvent {
    const { level, previousLevel, reasons } = this.risk;
    const parts = [`previousLevel=${previousLevel}`, `level=${level}`, `detectionName=${PROVIDER_DETECTION}`];
    if (reasons !== undefined) parts.push(`reasons=${reasons}`);
    parts.push(`issuer=${this.#issuer}`);
    const target = { id: this.#user.id, type: 'User', alternateId: this.#user.login, displayName: this.#user.name, detailEntry: null };
    return successEvent(this, 'User risk detected', SYSTEM_PRINCIPAL, [target], this.requestId, { risk: `{${parts.join(', ')}}`, traceId: this.uuid });
  }}
