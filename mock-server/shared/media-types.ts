/**
 * Whether a `Content-Type` labels a body as an HTML form (`application/x-www-form-urlencoded`, in any
 * case, with parameters or a suffix such as `-x`): the one rule by which the token endpoint reads a
 * body as a form and the journal redacts it as one, so the two can never disagree on what a form is.
 */
export function isFormLabel(contentType: string): boolean {
  return /^application\/x-www-form-urlencoded\b/i.test(contentType);
}
