import { encodeBase64url } from '../../src/set/base64url';
import { SetVerificationError, isSetVerificationError, type SetErrorCode } from '../../src/set/errors';
import { EVENT_TYPES, isKnownEventType, type KnownEventPayloads } from '../../src/set/events';
import { subjectIdentifierSchema, type SecurityEventSubject, type SubjectIdentifier } from '../../src/set/subject';
import type { VerifiedSecurityEventToken } from '../../src/set/verify';
import { fieldIssues, PARSE_OPTIONS, type FieldIssue } from '../../src/validation/field-issues';
import type { Directory, DirectoryUser } from '../directory/store';
import type { DeferredLogEvent, LogCollection } from '../logs/store';
import type { IgnoreReason } from './ignored';
import type { ProviderService, StoredProvider } from './providers';
import { ReplayMemory } from './replay';
import { sha256 } from '../shared/sha256';
import { loadVerifier } from './verifier';
import { subjectKeys, type SignalsStore } from './signals';
import { ReceivedEventLog, RiskDetectLog, riskDetection, SUBJECT_ROLES } from './log-events';

/**
 * What became of one delivery: acted on (202), ignored (202, nothing done or logged; `reason` says
 * why), or refused with an RFC 8935 error (400). A token some of whose events were ignored is
 * `accepted`: the rest were acted on.
 */
export type IngestionOutcome =
  | { outcome: 'accepted' }
  | { outcome: 'ignored'; reason: IgnoreReason; description: string }
  | { outcome: 'refused'; err: SetErrorCode; description: string };

type Payload<K extends keyof typeof EVENT_TYPES> = KnownEventPayloads[(typeof EVENT_TYPES)[K]];

/**
 * The receiver's work after a token arrives: verification with the public verifier (the provider
 * lookup is its key resolver, so the documented order of checks holds), replay handling, the
 * action on state, and one System Log event per event in the token.
 */
export class IngestionService {
  readonly replay: ReplayMemory;

  constructor(
    private readonly deps: {
      /** The organization URL's origin: the audience tokens must name. */
      orgOrigin: () => string;
      providers: ProviderService;
      signals: SignalsStore;
      /** The organization's users: an event about a user who is not among them is ignored. */
      directory: Directory;
      logs: LogCollection;
      replay?: ReplayMemory;
      /** Makes System Log event uuids; default `randomUUID`. */
      uuid?: () => string;
    },
  ) {
    this.replay = deps.replay ?? new ReplayMemory();
  }

  #digest: (token: string) => string = (token) => encodeBase64url(sha256(token));

  /**
   * Fingerprints tokens with `digest` instead of the JavaScript SHA-256: it must give the same text
   * (SHA-256 of the UTF-8 bytes it is given, base64url). The Node server passes node:crypto's, several
   * times faster.
   */
  useDigest(digest: (token: string) => string): void {
    this.#digest = digest;
  }

  /**
   * Verifies, then acts on and logs each event of a token, as Okta's receiver does. As its guide says,
   * a second token with a `jti` already received is ignored, and so is an event whose subject user is
   * not a user of the organization: answered 202, not acted on, not logged. Each ignored delivery is
   * remembered with its reason in `signals.ignored`, since Okta tells the provider nothing.
   */
  async ingest(token: string, now: number, requestId: string): Promise<IngestionOutcome> {
    // The provider the token's issuer names, found while its key is looked up.
    let provider: StoredProvider | undefined;
    const { claimValidationError, verifySecurityEventToken } = await loadVerifier();
    let verified: VerifiedSecurityEventToken;
    try {
      verified = await verifySecurityEventToken(token, {
        // The origin, as `backend.orgUrl` spells it: refusals quote it, and the verifier tolerates a trailing slash.
        audience: this.deps.orgOrigin(),
        currentDate: new Date(now),
        // A token older than the replay window could no longer be recognised as a redelivery, so it
        // is refused: a captured token cannot be played again once the memory of it has gone.
        maxTokenAge: Math.floor(this.replay.windowMs / 1000),
        keys: (header, claims) => {
          provider = activeProvider(this.deps.providers, claims);
          return provider.keys(header, claims);
        },
      });
    } catch (error) {
      if (isSetVerificationError(error)) return { outcome: 'refused', err: error.err, description: error.description };
      throw error;
    }
    const issues = unknownEventSubjectIssues(verified.events);
    // Refused before anything is remembered: the provider can fix the token and send it with the same `jti`.
    if (issues.length > 0) {
      const refusal = claimValidationError(issues);
      return { outcome: 'refused', err: refusal.err, description: refusal.description };
    }
    const { iss, jti } = verified.claims;
    const ignore = (reason: IgnoreReason, description: string, eventType?: string): IngestionOutcome => {
      const at = new Date(now).toISOString();
      this.deps.signals.ignored.add({ at, requestId, issuer: iss, jti, ...(eventType === undefined ? {} : { eventType }), reason, description });
      return { outcome: 'ignored', reason, description };
    };
    // The digest of what was signed (header and payload) tells a redelivery from another token
    // reusing a `jti`. Not of the whole token: an ECDSA signature can be changed and stay valid
    // ((r, n − s)), and such a copy, sent first by someone who saw the token, must not make the
    // provider's own token a conflict.
    const digest = this.#digest(token.slice(0, token.lastIndexOf('.')));
    let verdict = this.replay.check(iss, jti, digest, now);
    // A memory restored from a snapshot written before (appset 0.1.0 before this change) holds
    // digests of whole tokens: a redelivery of such a token is still a duplicate.
    if (verdict === 'conflict' && this.replay.check(iss, jti, this.#digest(token), now) === 'duplicate') verdict = 'duplicate';
    if (verdict === 'duplicate') {
      return ignore('duplicate', `The same token (jti '${jti}' from '${iss}') was received before; it is acknowledged and not acted on twice`);
    }
    if (verdict === 'conflict') {
      return ignore('jti_reused', `Another token from '${iss}' already used the jti '${jti}'; Okta ignores this one, so give each token a new jti`);
    }
    // Remembered from its arrival or its iat, whichever is later: a token dated ahead (within the
    // verifier's allowance) stays young for longer, and must be remembered as long as it is accepted.
    this.replay.remember(iss, jti, digest, Math.max(now, verified.claims.iat * 1000));
    let firstIgnored: IngestionOutcome | undefined;
    let acted = false;
    for (const [uri, payload] of Object.entries(verified.events) as Array<[string, Record<string, unknown>]>) {
      const subject = payload.subject as SecurityEventSubject | undefined;
      const user = subject?.user === undefined ? undefined : this.#directoryUser(subject.user);
      if (typeof user === 'string') {
        const outcome = ignore('unknown_user', user, uri);
        firstIgnored ??= outcome;
        continue;
      }
      acted = true;
      this.#act(uri, payload);
      this.#log(new ReceivedEventLog(this.#uuid(), now, provider!, uri, payload.subject, jti, requestId));
      const risk = user === undefined ? undefined : riskDetection(uri, payload);
      if (user !== undefined && risk !== undefined) this.#log(new RiskDetectLog(this.#uuid(), now, provider!, user, risk, requestId));
    }
    return acted || firstIgnored === undefined ? { outcome: 'accepted' } : firstIgnored;
  }

  /**
   * The directory user an event's subject user names, matched by email as Okta matches it; or, when
   * there is none, why the event is ignored.
   */
  #directoryUser(id: SubjectIdentifier): DirectoryUser | string {
    const emails = subjectEmails(id);
    if (emails.length === 0) {
      return `The subject user is a${id.format === 'iss_sub' || id.format === 'opaque' ? 'n' : ''} ${id.format} identifier; Okta matches the user by email (login or email of a user of the organization)`;
    }
    for (const email of emails) {
      const user = this.deps.directory.userByEmail(email);
      if (user) return user;
    }
    return `No user of the organization has the login or email '${emails[0]}'; Okta ignores an event whose subject user it does not know`;
  }

  #uuid(): string {
    return this.deps.uuid ? this.deps.uuid() : crypto.randomUUID();
  }

  #log(event: DeferredLogEvent): void {
    this.deps.logs.insert(event);
  }

  #act(uri: string, payload: Record<string, unknown>): void {
    const subject = payload.subject as SecurityEventSubject | undefined;
    const { signals } = this.deps;
    const user = subject?.user ? signals.users.upsert(subjectKeys(subject.user)) : undefined;
    const device = subject?.device ? signals.devices.upsert(subjectKeys(subject.device)) : undefined;
    switch (uri) {
      case EVENT_TYPES.userRiskChange:
        if (user) user.riskLevel = (payload as Payload<'userRiskChange'>).current_level;
        break;
      case EVENT_TYPES.deviceRiskChange:
        if (device) device.riskLevel = (payload as Payload<'deviceRiskChange'>).current_level;
        break;
      case EVENT_TYPES.deviceComplianceChange:
        if (device) device.compliance = (payload as Payload<'deviceComplianceChange'>).current_status;
        break;
      case EVENT_TYPES.ipChange: {
        const ip = (payload as Payload<'ipChange'>).current_ip_address;
        if (user) user.ipAddress = ip;
        if (device) device.ipAddress = ip;
        break;
      }
      case EVENT_TYPES.sessionRevoked:
        if (user) {
          user.sessionsRevoked += 1;
          user.sessionsRevokedAt = (payload as Payload<'sessionRevoked'>).event_timestamp;
        }
        break;
      case EVENT_TYPES.identifierChanged: {
        const next = (payload as Payload<'identifierChanged'>)['new-value'];
        if (user && subject?.user && typeof next === 'string') {
          const from = subjectKeys(subject.user)[0]!;
          // The new value is in the same format as the identifier it replaces.
          const to = from.slice(0, from.indexOf(':') + 1) + (subject.user.format === 'email' ? next.toLowerCase() : next);
          signals.users.alias(user, to);
          user.identifierChanges.push({ from, to, at: (payload as Payload<'identifierChanged'>).event_timestamp });
        }
        break;
      }
      default:
        // Unknown event types are accepted and logged; there is no action to take.
        break;
    }
  }

}


/**
 * What is wrong with the subjects of events of unknown types, which the verifier passes as they came
 * (a known event's subject was checked with its schema). The receiver reads the `user`, `device` and
 * `tenant` of every event's subject, so each present must be an identifier in a format it supports;
 * a subject naming none of them is accepted, as the event type may define its own.
 */
function unknownEventSubjectIssues(events: Readonly<Record<string, unknown>>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [uri, payload] of Object.entries(events)) {
    if (isKnownEventType(uri)) continue;
    const subject = (payload as Record<string, unknown>).subject;
    if (subject === undefined) continue;
    if (typeof subject !== 'object' || subject === null || Array.isArray(subject)) {
      issues.push({ path: `events.${uri}.subject`, reason: 'Must be an object' });
      continue;
    }
    for (const role of SUBJECT_ROLES) {
      const id = (subject as Record<string, unknown>)[role];
      if (id === undefined) continue;
      const result = subjectIdentifierSchema.safeParse(id, PARSE_OPTIONS);
      if (result.success) continue;
      issues.push(...fieldIssues(result.error, ['events', uri, 'subject', role]));
    }
  }
  return issues;
}

/** The email addresses an identifier gives: its own, or those among its aliases. */
function subjectEmails(id: SubjectIdentifier): string[] {
  if (id.format === 'email') return [id.email];
  if (id.format === 'aliases') return id.identifiers.flatMap((alias) => subjectEmails(alias));
  return [];
}

/** The active provider of the token's `iss`; `invalid_issuer` when there is none. */
function activeProvider(providers: ProviderService, claims: Readonly<Record<string, unknown>>): StoredProvider {
  const iss = claims.iss;
  const provider = typeof iss === 'string' ? providers.activeByIssuer(iss) : undefined;
  if (provider) return provider;
  throw new SetVerificationError(
    'invalid_issuer',
    typeof iss === 'string'
      ? `No active security events provider is registered with the issuer '${iss}'`
      : "The security event token has no 'iss' claim naming its provider",
  );
}

