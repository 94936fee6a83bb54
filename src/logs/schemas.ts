import * as z from 'zod/mini';
import { recordOf } from '../validation/record';

/**
 * A System Log event. Only the members appset relies on are typed; the rest of Okta's large event
 * object survives parsing unchanged.
 */
export const LogEventSchema = z.looseObject({
  uuid: z.string(),
  published: z.string(),
  eventType: z.string(),
  displayMessage: z.nullish(z.string()),
  severity: z.nullish(z.string()),
  actor: z.nullish(z.looseObject({ id: z.string(), type: z.string(), alternateId: z.nullish(z.string()), displayName: z.nullish(z.string()) })),
  outcome: z.nullish(z.looseObject({ result: z.string(), reason: z.nullish(z.string()) })),
  target: z.nullish(z
    .array(z.looseObject({ id: z.string(), type: z.string(), alternateId: z.nullish(z.string()), displayName: z.nullish(z.string()) }))),
  debugContext: z.nullish(z.looseObject({ debugData: z.nullish(recordOf(z.unknown())) })),
});

/** A System Log event. */
export type LogEvent = z.infer<typeof LogEventSchema>;

/** A page of System Log events. */
export const LogEventListSchema = z.array(LogEventSchema);
