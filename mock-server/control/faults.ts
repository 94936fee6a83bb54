import { z } from 'zod';
import type { FaultAction } from '../pipeline/hooks';
import { OktaHttpError, rateLimited } from '../pipeline/okta-errors';
import { compileGlob, oktaPathSchema } from './path-glob';

/** The most faults waiting at once. */
export const MAX_FAULTS = 100;

/** The statuses a fault answers with: the rate limit, or a failure of the server. */
const FAULT_STATUS = "Must be 429 (Okta's rate limit, E0000047) or a server error from 500 to 599";

/** A fault to inject: `POST /__appset/faults` or `backend.faults.add(…)`. */
export const FaultInputSchema = z
  .strictObject({
    /** Only requests with this method (any when absent). */
    method: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']).optional(),
    /** A path (`/api/v1/apps`) or a glob: `*` takes one segment, a trailing `/*` any deeper path. */
    path: oktaPathSchema('/api/v1/apps/*', 'The control plane cannot be faulted; name a path outside /__appset, such as /api/v1/apps'),
    /** How many matching requests it applies to; default 1. */
    times: z.int().min(1).max(10_000).optional(),
    /** 429 (Okta's E0000047 with rate-limit headers) or a 5xx (Okta's error body). */
    status: z
      .int({ error: FAULT_STATUS })
      .refine((status) => status === 429 || (status >= 500 && status <= 599), FAULT_STATUS)
      .optional(),
    /**
     * With status 429: when the announced window resets, in milliseconds from the answer
     * (`X-Rate-Limit-Reset` names the second it falls in). Default: the rate-limit window's own
     * reset, up to a minute ahead. A short one (`50`) lets a client's retry be tested in well under a second.
     */
    resetInMs: z.int().min(0).max(3_600_000).optional(),
    /** Waits this long before answering (the real answer, or the fault's). */
    delayMs: z.int().min(0).max(60_000).optional(),
    /** Closes the connection without an answer (a network error in-process). */
    drop: z.literal(true).optional(),
  })
  .refine((f) => f.status !== undefined || f.drop === true || f.delayMs !== undefined, {
    message: 'Give status, drop or delayMs: the fault must do something',
    path: ['status'],
  })
  .refine((f) => !(f.drop === true && f.status !== undefined), {
    message: 'A dropped connection has no status; give drop or status, not both',
    path: ['drop'],
  })
  .refine((f) => f.resetInMs === undefined || f.status === 429, {
    message: 'Only a 429 announces a reset; give "status": 429 with resetInMs, or leave resetInMs out',
    path: ['resetInMs'],
  });

/** A fault to inject: `method`, `path`, `times`, `status`, `delayMs`, `drop` (see the testing guide). */
export type FaultInput = z.input<typeof FaultInputSchema>;

/** A waiting fault, with how many more requests it applies to. */
export interface Fault {
  /** The fault's id, for `DELETE /__appset/faults/{id}` (`faults.remove(id)`). */
  id: string;
  /** The method it applies to, or `null` for any. */
  method: string | null;
  /** The path or glob it applies to. */
  path: string;
  /** How many more matching requests it applies to. */
  remaining: number;
  /** The status it answers (429 or 5xx), or `null` to let the route answer. */
  status: number | null;
  /** For a 429: the announced reset, in milliseconds from the answer; `null`: the window's own. */
  resetInMs: number | null;
  /** How long it holds the answer back, in milliseconds. */
  delayMs: number;
  /** Whether it closes the connection without an answer. */
  drop: boolean;
}

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function faultError(status: number): OktaHttpError {
  if (status === 429) return rateLimited();
  // Okta answers server-side failures with E0000009 and the status's reason.
  return new OktaHttpError(status, 'E0000009', STATUS_TEXT[status] ?? 'Internal Server Error');
}

/** The waiting faults, matched in the order they were added; each is used up after `times` requests. */
export class FaultTable {
  readonly #faults = new Map<string, { fault: Fault; matches: (pathname: string) => boolean }>();
  #counter = 0;

  /** Adds a validated fault; more than {@link MAX_FAULTS} waiting is refused. */
  add(input: z.output<typeof FaultInputSchema>): Fault {
    if (this.#faults.size >= MAX_FAULTS) {
      throw new RangeError(`${MAX_FAULTS} faults are already waiting; remove some (DELETE /__appset/faults) before adding more`);
    }
    this.#counter += 1;
    const fault: Fault = {
      id: `fault-${this.#counter}`,
      method: input.method ?? null,
      path: input.path,
      remaining: input.times ?? 1,
      status: input.status ?? null,
      resetInMs: input.resetInMs ?? null,
      delayMs: input.delayMs ?? 0,
      drop: input.drop ?? false,
    };
    this.#faults.set(fault.id, { fault, matches: compileGlob(fault.path) });
    return { ...fault };
  }

  remove(id: string): boolean {
    return this.#faults.delete(id);
  }

  clear(): void {
    this.#faults.clear();
  }

  list(): Fault[] {
    return [...this.#faults.values()].map(({ fault }) => ({ ...fault }));
  }

  /** The action of the first fault matching the request, counting it once; `undefined` when none matches. */
  take(method: string, pathname: string): FaultAction | undefined {
    if (this.#faults.size === 0) return undefined;
    for (const [id, entry] of this.#faults) {
      const { fault } = entry;
      if (fault.method !== null && fault.method !== method) continue;
      if (!entry.matches(pathname)) continue;
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.#faults.delete(id);
      const action: FaultAction = { delayMs: fault.delayMs, drop: fault.drop };
      if (fault.status !== null) action.error = faultError(fault.status);
      if (fault.resetInMs !== null) action.resetInMs = fault.resetInMs;
      return action;
    }
    return undefined;
  }
}
