import { z } from 'zod';

/**
 * A System Log event. Only the members appset relies on are typed; the rest of Okta's large event
 * object survives parsing unchanged.
 */
export const LogEventSchema = z.looseObject({
  uuid: z.string(),
  published: z.string(),
  eventType: z.string(),
  displayMessage: z.string().nullish(),
  severity: z.string().nullish(),
  actor: z.looseObject({ id: z.string(), type: z.string(), alternateId: z.string().nullish(), displayName: z.string().nullish() }).nullish(),
  outcome: z.looseObject({ result: z.string(), reason: z.string().nullish() }).nullish(),
  target: z
    .array(z.looseObject({ id: z.string(), type: z.string(), alternateId: z.string().nullish(), displayName: z.string().nullish() }))
    .nullish(),
  debugContext: z.looseObject({ debugData: z.record(z.string(), z.unknown()).nullish() }).nullish(),
});

/** A System Log event. */
export type LogEvent = z.infer<typeof LogEventSchema>;

/** A page of System Log events. */
export const LogEventListSchema = z.array(LogEventSchema);
