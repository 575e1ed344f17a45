import { messagesEndpoints } from '../../../../shared/api/messages';
import { MESSAGES } from '../../../../shared/constants';
import type { Message } from '../../../../shared/entities/message';
import { callApi } from '../../../lib/api';

/** Spec §4: the latest 12 on entering a room; after a reconnect, only what came after `sinceId`. */
export async function fetchRoomHistory(roomId: string, sinceId: number | undefined): Promise<Message[]> {
  if (sinceId === undefined) {
    const { messages } = await callApi(messagesEndpoints.latest, {
      params: { roomId },
      query: { limit: MESSAGES.latestOnEntry },
    });
    return messages;
  }
  const { messages } = await callApi(messagesEndpoints.since, {
    params: { roomId },
    query: { sinceId, limit: MESSAGES.sinceMaxLimit },
  });
  return messages;
}

export interface OlderPage {
  messages: Message[];
  hasMore: boolean;
}

/** Spec §9: older messages in pages of 20, before the oldest one shown. */
export async function fetchOlderHistory(roomId: string, beforeId: number): Promise<OlderPage> {
  return callApi(messagesEndpoints.before, {
    params: { roomId },
    query: { beforeId, limit: MESSAGES.olderPage },
  });
}
