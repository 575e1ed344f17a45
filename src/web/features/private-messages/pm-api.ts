import { privateMessagesEndpoints } from '../../../shared/api/private-messages';
import { callApi } from '../../lib/api';

/** The private-message calls of spec §7, over the registry. */
export const pmApi = {
  conversations: (userId: number) =>
    callApi(privateMessagesEndpoints.conversations, { params: { userId }, query: { limit: 50 } }),
  page: (userId: number, otherId: number, before?: { ts: string; id: number }) =>
    callApi(privateMessagesEndpoints.conversation, {
      params: { userId, otherId },
      query: before ? { limit: 20, beforeTs: before.ts, beforeId: before.id } : { limit: 20 },
    }),
  send: (body: {
    receiverId: number;
    content: string;
    messageType: 'text' | 'image' | 'voice';
    textColor: string | null;
    bold: boolean;
    clientMessageId: string;
  }) => callApi(privateMessagesEndpoints.send, { body }),
  read: (otherId: number) => callApi(privateMessagesEndpoints.read, { params: { otherId } }),
};
