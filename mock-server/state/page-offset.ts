import { invalidPaging } from '../pipeline/okta-errors';
import { decodeCursor, InvalidCursorError } from './cursor';

/**
 * Where a page of an offset-paged list starts (role assignments, resource sets, network zones): the
 * offset its `after` cursor names, or 0 without one; a cursor this backend did not issue is Okta's
 * invalid paging refusal.
 */
export function pageOffset(url: URL): number {
  const after = url.searchParams.get('after');
  if (after === null || after === '') return 0;
  try {
    return decodeCursor(after);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw invalidPaging();
    throw error;
  }
}
