/** A value quoted back in a refusal, cut at 200 characters. */
export function shorten(value: string): string {
  return value.length > 200 ? `${value.slice(0, 200)}…` : value;
}
