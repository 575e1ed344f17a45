import { messagesEndpoints } from '../../../shared/api/messages';
import { privateMessagesEndpoints } from '../../../shared/api/private-messages';
import { callApi } from '../../lib/api';

/** A page of a room's search results, newest first, before message `before`. */
export function searchRoom(roomId: string, q: string, before: number | undefined, signal: AbortSignal) {
  return callApi(
    messagesEndpoints.search,
    { params: { roomId }, query: before === undefined ? { q } : { q, before } },
    { signal },
  );
}

/** A page of one's own private messages matching `q`, newest first. */
export function searchPrivate(q: string, before: number | undefined, signal: AbortSignal) {
  return callApi(privateMessagesEndpoints.search, { query: before === undefined ? { q } : { q, before } }, { signal });
}

/** The messages around one of a room (a result not in the loaded history). */
export function messagesAround(roomId: string, id: number) {
  return callApi(messagesEndpoints.around, { params: { roomId }, query: { id, limit: 30 } });
}
