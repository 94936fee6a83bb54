import type { z } from 'zod';
import type { Application } from '../../src/apps/application';
import type { SecurityEventsProvider } from '../../src/providers/schemas';
import type { SeedTools } from '../capability';
import type { DirectoryGroup, DirectoryUser } from '../directory/store';
import type { MockToken } from '../pipeline/auth';
import { OktaHttpError } from '../pipeline/okta-errors';
import { ControlInputError } from './body-errors';
import type { SeedDocumentSchema } from './seed-schema';
import type { BackendStores } from './stores';
import type { SurroundingsSeedResult } from '../apps/surroundings';

/** What the seed created, ids included (tokens are listed without their secret). */
export interface SeedResult {
  /** The apps created, as the API renders them. */
  apps: Application[];
  /** The users added. */
  users: DirectoryUser[];
  /** The groups added. */
  groups: DirectoryGroup[];
  /** The assignments made. */
  assignments: Array<{ appId: string; userId: string } | { appId: string; groupId: string }>;
  /** The providers created, as the API renders them. */
  providers: SecurityEventsProvider[];
  /** The tokens accepted from now on: type and scopes (`null`: every scope), never the secret. */
  tokens: Array<{ type: 'SSWS' | 'Bearer'; scopes: string[] | null }>;
  /** The app sign-in policies added, as `GET /api/v1/policies/{policyId}` answers them. */
  policies: Array<Record<string, unknown>>;
  /** What was created around apps: the ids of refresh tokens, group push mappings and federated claims. */
  surroundings: SurroundingsSeedResult;
}

/** A result with nothing created yet: every capability's members, then the plane's own (`tokens`). */
export function emptySeedResult(d: BackendStores): SeedResult {
  return d.capabilities.emptySeedResult({ tokens: [] }) as unknown as SeedResult;
}

/** The reason of an error raised while a seed is applied, with the field path of the seed document. */
export function seedFailure(error: unknown, field: string): ControlInputError {
  if (error instanceof ControlInputError) return error;
  if (error instanceof OktaHttpError) {
    const causes = error.causes.map((c) => `${field}.${c}`).join('; ');
    return new ControlInputError(`seed field ${field}: ${error.errorSummary}${causes ? ` (${causes})` : ''}`, field);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ControlInputError(`seed field ${field}: ${message}`, field);
}

/** Refuses a seed at `field`. */
export function refuseSeed(field: string, reason: string): never {
  throw new ControlInputError(`seed field ${field}: ${reason}`, field);
}

/** What a capability's seed steps report refusals with; `now` is the seed's one instant. */
export function seedTools(now: number): SeedTools {
  return {
    now,
    at<T>(field: string, run: () => T): T {
      try {
        return run();
      } catch (error) {
        throw seedFailure(error, field);
      }
    },
    refuse: refuseSeed,
    failure: seedFailure,
  };
}

/**
 * Applies a checked seed document to the capabilities (each its members, by phase), adding what it
 * creates to `created`. Fetches (providers by `well_known_url`) are left to the caller. Throws
 * {@link ControlInputError} naming the field; the caller undoes what was applied.
 */
export function applySeed(d: BackendStores, doc: z.output<typeof SeedDocumentSchema>, created: SeedResult, addToken: (token: MockToken) => void): SeedResult {
  d.capabilities.applySeed(doc, created as unknown as Record<string, unknown>, seedTools(d.clock.now()));
  // Tokens last: nothing after them can fail, so a refused seed never leaves a token behind.
  for (const t of doc.tokens ?? []) {
    const token = t as MockToken;
    addToken(token);
    created.tokens.push({ type: t.type, scopes: t.scopes ?? null });
  }
  return created;
}
