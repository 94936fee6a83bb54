import { ConfigurationError } from '../../src/errors';

// Okta changes some answers from one release to the next: the same request, answered one way by
// every organization recorded before a date and another way by every one recorded after it. The
// backend answers as organizations do today; `answersAsOf` (an option of the backend and the
// `--answers-as-of` flag of `appset-mock`) plays an organization of an earlier date instead, for a
// test suite whose expectations were written against it.

/** The name of one change Okta made to its answers (see {@link OKTA_ANSWER_CHANGES}). */
export type OktaAnswerChangeName = 'emptyDefaultRelayStateNull' | 'ruleRiskScoreFilledIn' | 'provisionedUserResetFactorsLink';

/** One change Okta made to its answers, dated by the recordings of real organizations either side of it. */
export interface OktaAnswerChange {
  /** The change's name, the member of {@link OktaAnswers} that says whether an organization makes it. */
  readonly name: OktaAnswerChangeName;
  /** The first day an organization was recorded answering the new way (`YYYY-MM-DD`): from this day on, the backend does. */
  readonly since: string;
  /** The last day an organization was recorded answering the old way: the change came after it. */
  readonly lastSeenBefore: string;
  /** What changed. */
  readonly what: string;
}

/** The changes to Okta's answers the backend knows, oldest first. */
export const OKTA_ANSWER_CHANGES: readonly OktaAnswerChange[] = Object.freeze([
  {
    name: 'provisionedUserResetFactorsLink',
    since: '2026-02-02',
    lastSeenBefore: '2025-03-14',
    what: 'a PROVISIONED user carries `_links.resetFactors` (before: no such link)',
  },
  {
    name: 'emptyDefaultRelayStateNull',
    since: '2026-04-07',
    lastSeenBefore: '2026-03-03',
    what: 'a custom SAML app created or replaced with `settings.signOn.defaultRelayState: ""` answers it `null` (before: `""`)',
  },
  {
    name: 'ruleRiskScoreFilledIn',
    since: '2026-06-03',
    lastSeenBefore: '2026-05-18',
    what: 'an app sign-on policy rule sent without `conditions.riskScore` answers `riskScore: {"level": "ANY"}` (before: no `riskScore`)',
  },
]);

/** Which of {@link OKTA_ANSWER_CHANGES} an organization makes: `true` answers the new way. */
export type OktaAnswers = Readonly<Record<OktaAnswerChangeName, boolean>>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a calendar date written `YYYY-MM-DD` (2026-02-30 is not). */
function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The answers of an organization as of `date` (`YYYY-MM-DD`): each change whose `since` is on or
 * before it. Without a date, every change (the answers of today). A value that is not such a date
 * throws a {@link ConfigurationError} naming `option`.
 */
export function answersAsOf(date: string | undefined, option = 'answersAsOf'): OktaAnswers {
  if (date !== undefined && (typeof date !== 'string' || !isCalendarDate(date))) {
    const shown = typeof date === 'string' ? JSON.stringify(date.slice(0, 40)) : typeof date;
    throw new ConfigurationError(`${option} ${shown} is not a date; write it YYYY-MM-DD, e.g. 2026-03-01 (the backend then answers as organizations did that day).`);
  }
  const answers = {} as Record<OktaAnswerChangeName, boolean>;
  // ISO dates compare as strings.
  for (const change of OKTA_ANSWER_CHANGES) answers[change.name] = date === undefined || change.since <= date;
  return Object.freeze(answers);
}
