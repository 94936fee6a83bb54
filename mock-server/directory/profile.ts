import { BLANK_FIELD, type FieldIssue } from '../../src/validation/field-issues';
import { isObject, type Json } from '../shared/json';

/** A user's profile as stored: the four attributes Okta's default schema requires, and any others given. */
export interface UserProfile {
  /** The user's login, unique in the organization (case-insensitive), e.g. `ada@example.com`. */
  login: string;
  /** The user's primary email. */
  email: string;
  /** The user's first name; `null` when the in-process `addUser` or a snapshot gave none. */
  firstName: string | null;
  /** The user's last name; `null` when the in-process `addUser` or a snapshot gave none. */
  lastName: string | null;
  [attribute: string]: unknown;
}

/**
 * The longest value of each base profile attribute of Okta's default user schema that has its own
 * bound (the OpenAPI file's `maxLength`); any other attribute takes {@link MAX_ATTRIBUTE_TEXT}.
 */
const MAX_LENGTHS: Readonly<Record<string, number>> = {
  login: 100,
  email: 100,
  secondEmail: 100,
  firstName: 50,
  lastName: 50,
  mobilePhone: 100,
  primaryPhone: 100,
  city: 128,
  state: 128,
  countryCode: 2,
  streetAddress: 1024,
  postalAddress: 4096,
};

/** The longest text of an attribute without a bound of its own. */
const MAX_ATTRIBUTE_TEXT = 4096;
/** The most attributes a profile holds, and the most items of an array attribute. */
export const MAX_PROFILE_ATTRIBUTES = 200;
const MAX_ARRAY_ITEMS = 100;
/** Attribute names as Okta's schema editor allows them (letters, digits, underscores; a letter first). */
const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
/**
 * Whether a value has the address form the default schema requires of `login`, `email` and
 * `secondEmail`: `local@domain.tld`, one `@`, no whitespace, a dot inside the domain. A scan linear in
 * the value: the pattern it replaces (`[^\s@]+@[^\s@]+\.[^\s@]+`) backtracked quadratically on dots.
 */
function isEmailAddress(value: string): boolean {
  const at = value.indexOf('@');
  if (at <= 0 || value.includes('@', at + 1) || /\s/.test(value)) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
}

/** Whether a text value fits its attribute's bound (the form of one that does not is not read). */
const withinBound = (name: string, value: string) => value.length <= (MAX_LENGTHS[name] ?? MAX_ATTRIBUTE_TEXT);

/** Attributes the default schema requires: present, non-null and not blank. */
const REQUIRED = ['login', 'email', 'firstName', 'lastName'] as const;

function checkValue(name: string, value: unknown, issues: FieldIssue[]): void {
  if (value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return;
  if (typeof value === 'string') {
    const max = MAX_LENGTHS[name] ?? MAX_ATTRIBUTE_TEXT;
    if (value.length > max) issues.push({ path: name, reason: `Must be at most ${max} characters` });
    return;
  }
  if (Array.isArray(value) && value.length <= MAX_ARRAY_ITEMS && value.every((v) => ['string', 'number', 'boolean'].includes(typeof v) && (typeof v !== 'string' || v.length <= MAX_ATTRIBUTE_TEXT))) {
    return;
  }
  issues.push({ path: name, reason: `Must be a string, number, boolean, null or an array of at most ${MAX_ARRAY_ITEMS} of them` });
}

function checkRequired(profile: Json, issues: FieldIssue[]): void {
  for (const name of REQUIRED) {
    const value = profile[name];
    if (typeof value !== 'string' || value.trim() === '') issues.push({ path: name, reason: BLANK_FIELD });
  }
  const login = profile.login;
  if (typeof login === 'string' && login.trim() !== '' && withinBound('login', login) && !isEmailAddress(login)) {
    issues.push({ path: 'login', reason: 'Username must be in the form of an email address' });
  }
}

function checkFormats(profile: Json, issues: FieldIssue[]): void {
  for (const name of ['email', 'secondEmail']) {
    const value = profile[name];
    if (typeof value === 'string' && value !== '' && withinBound(name, value) && !isEmailAddress(value)) issues.push({ path: name, reason: 'Does not match required pattern' });
  }
}

/**
 * Checks a profile given to `POST /api/v1/users` (`'create'`), `PUT /api/v1/users/{id}` (`'replace'`:
 * the whole profile) or `POST /api/v1/users/{id}` (`'update'`: the attributes given are set over
 * `current`, `null` clearing one). An attribute given as `null` is left out of the profile. Answers the profile to store, or the issues, each named by
 * attribute as Okta names them (`login: …`).
 */
export function checkUserProfile(input: unknown, mode: 'create' | 'replace' | 'update', current?: UserProfile): { profile?: UserProfile; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  if (!isObject(input)) {
    issues.push({ path: 'profile', reason: mode === 'update' ? 'Must be an object of profile attributes' : BLANK_FIELD });
    return { issues };
  }
  const keys = Object.keys(input);
  if (keys.length > MAX_PROFILE_ATTRIBUTES) {
    issues.push({ path: 'profile', reason: `Must have at most ${MAX_PROFILE_ATTRIBUTES} attributes` });
    return { issues };
  }
  const merged: Json = mode === 'update' && current ? { ...current } : {};
  for (const key of keys) {
    if (!ATTRIBUTE_NAME.test(key)) {
      issues.push({ path: `profile.${key.slice(0, 100)}`, reason: 'Not an attribute name: use letters, digits and underscores, a letter first' });
      continue;
    }
    checkValue(key, input[key], issues);
    // An attribute given as null is not kept (real orgs answer none), and an update's null clears one.
    if (input[key] === null) delete merged[key];
    else merged[key] = input[key];
  }
  if (Object.keys(merged).length > MAX_PROFILE_ATTRIBUTES) issues.push({ path: 'profile', reason: `Must have at most ${MAX_PROFILE_ATTRIBUTES} attributes` });
  checkRequired(merged, issues);
  checkFormats(merged, issues);
  return issues.length ? { issues } : { profile: merged as UserProfile, issues };
}

/** What Okta's default password policy asks, in its own words. */
export const PASSWORD_REQUIREMENTS =
  'Password requirements were not met. Password requirements: at least 8 characters, a lowercase letter, an uppercase letter, a number, no parts of your username.';

/** The longest password the backend reads (a bound on input, well above any policy's). */
const MAX_PASSWORD = 256;

/**
 * Checks a password against Okta's default policy: 8 characters or more, a lowercase and an uppercase
 * letter, a digit, and no part (3 characters or more) of the login. The password is never kept.
 */
export function checkPassword(value: unknown, login: string): FieldIssue | undefined {
  if (typeof value !== 'string' || value === '') return { path: 'password', reason: BLANK_FIELD };
  if (value.length > MAX_PASSWORD) return { path: 'password', reason: `Must be at most ${MAX_PASSWORD} characters` };
  const lower = value.toLowerCase();
  const parts = login.toLowerCase().split(/[@.,\-_#+]/).filter((part) => part.length >= 3);
  const meets = value.length >= 8 && /[a-z]/.test(value) && /[A-Z]/.test(value) && /[0-9]/.test(value) && !parts.some((part) => lower.includes(part));
  return meets ? undefined : { path: 'password', reason: PASSWORD_REQUIREMENTS };
}
