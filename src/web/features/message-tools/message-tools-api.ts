import { messagesEndpoints } from '../../../shared/api/messages';
import { privateMessagesEndpoints } from '../../../shared/api/private-messages';
import { callApi } from '../../lib/api';

/** Editing and removing one's own messages, in rooms and in private conversations. */
export const messageToolsApi = {
  editRoomMessage: (id: number, content: string) =>
    callApi(messagesEndpoints.edit, { params: { id }, body: { content } }),
  removeRoomMessage: (id: number) => callApi(messagesEndpoints.remove, { params: { id } }),
  editPrivateMessage: (id: number, content: string) =>
    callApi(privateMessagesEndpoints.edit, { params: { id }, body: { content } }),
  removePrivateMessage: (id: number) => callApi(privateMessagesEndpoints.remove, { params: { id } }),
};
