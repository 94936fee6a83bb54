import type { SubjectIdentifier } from '../../src/set/subject';
import { IgnoredDeliveries } from './ignored';

/** What the organization knows about a user from the signals it received. */
export interface UserSignals {
  /** Every identifier the user is known by (`email:ada@example.com`, `iss_sub:…`, …). */
  identifiers: string[];
  /** The latest risk level from a user-risk-change event. */
  riskLevel?: string;
  /** The IP address from the latest ip-change event. */
  ipAddress?: string;
  /** How many session-revoked events were received. */
  sessionsRevoked: number;
  /** `event_timestamp` of the latest session-revoked event. */
  sessionsRevokedAt?: number;
  /** Identifier changes, oldest first. */
  identifierChanges: Array<{ from: string; to: string; at: number }>;
}

/** What the organization knows about a device from the signals it received. */
export interface DeviceSignals {
  /** Every identifier the device is known by. */
  identifiers: string[];
  /** The latest risk level from a device-risk-change event. */
  riskLevel?: string;
  /** The latest compliance status from a device-compliance-change event. */
  compliance?: string;
  /** The IP address from the latest ip-change event about the device. */
  ipAddress?: string;
}

/** The canonical keys of a subject identifier (an `aliases` identifier has one per alias). */
export function subjectKeys(id: SubjectIdentifier): string[] {
  switch (id.format) {
    case 'email':
      return [`email:${id.email.toLowerCase()}`];
    case 'iss_sub':
      return [`iss_sub:${id.iss} ${id.sub}`];
    case 'opaque':
      return [`opaque:${id.id}`];
    case 'phone_number':
      return [`phone_number:${id.phone_number}`];
    case 'account':
      return [`account:${id.uri}`];
    case 'did':
      return [`did:${id.url}`];
    case 'uri':
      return [`uri:${id.uri}`];
    case 'aliases':
      return id.identifiers.flatMap((alias) => subjectKeys(alias));
  }
}

/** A string given to the state API stands for an email address (users) or an opaque id (devices). */
function keysOf(subject: SubjectIdentifier | string, shorthand: 'email' | 'opaque'): string[] {
  if (typeof subject !== 'string') return subjectKeys(subject);
  return [shorthand === 'email' ? `email:${subject.toLowerCase()}` : `opaque:${subject}`];
}

class SubjectTable<T extends { identifiers: string[] }> {
  readonly #byKey = new Map<string, T>();
  constructor(private readonly create: (identifiers: string[]) => T) {}

  find(keys: string[]): T | undefined {
    for (const key of keys) {
      const found = this.#byKey.get(key);
      if (found) return found;
    }
    return undefined;
  }

  /** The record for a subject, created on first sight; every key of the subject points at it. */
  upsert(keys: string[]): T {
    const record = this.find(keys) ?? this.create([]);
    for (const key of keys) this.alias(record, key);
    return record;
  }

  alias(record: T, key: string): void {
    if (!record.identifiers.includes(key)) record.identifiers.push(key);
    this.#byKey.set(key, record);
  }

  all(): T[] {
    return [...new Set(this.#byKey.values())];
  }

  clear(): void {
    this.#byKey.clear();
  }
}

/**
 * The state that received signals change: users and devices by any of their identifiers, and the
 * deliveries the receiver ignored.
 */
export class SignalsStore {
  readonly users = new SubjectTable<UserSignals>((identifiers) => ({ identifiers, sessionsRevoked: 0, identifierChanges: [] }));
  readonly devices = new SubjectTable<DeviceSignals>((identifiers) => ({ identifiers }));
  readonly ignored = new IgnoredDeliveries();

  /** The user a subject names (a string is an email address), if any signal was about them. */
  user(subject: SubjectIdentifier | string): UserSignals | undefined {
    return this.users.find(keysOf(subject, 'email'));
  }

  /** The device a subject names (a string is an opaque id), if any signal was about it. */
  device(subject: SubjectIdentifier | string): DeviceSignals | undefined {
    return this.devices.find(keysOf(subject, 'opaque'));
  }

  /** Forgets users and devices; the ignored deliveries are history, like the request journal, and stay until a reset. */
  clear(): void {
    this.users.clear();
    this.devices.clear();
  }
}
