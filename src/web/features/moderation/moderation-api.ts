import { messagesEndpoints } from '../../../shared/api/messages';
import { moderationEndpoints, type SanctionBody } from '../../../shared/api/moderation';
import { reportsEndpoints } from '../../../shared/api/reports';
import { usersEndpoints } from '../../../shared/api/users';
import type { FilteredWord } from '../../../shared/entities/moderation';
import type { SanctionKind } from '../../../shared/policy';
import type { Role } from '../../../shared/roles';
import { callApi } from '../../lib/api';

/** Every moderation call the interface makes; refusals arrive as ApiError with the server's Arabic text. */

export const sanction = (action: SanctionKind, body: SanctionBody) =>
  callApi(moderationEndpoints.sanction, { params: { action }, body });

export const liftSanction = (action: SanctionKind, targetId: number) =>
  callApi(moderationEndpoints.lift, { params: { action, targetId } });

export const deleteMessage = (id: number) => callApi(messagesEndpoints.remove, { params: { id } });

export const reportUser = (userId: number, reason: string) =>
  callApi(reportsEndpoints.create, { body: { userId, reason } });

export const reportMessage = (messageId: number, reason: string) =>
  callApi(reportsEndpoints.create, { body: { messageId, reason } });

export const handleReport = (id: number, status: 'actioned' | 'dismissed', outcome?: string) =>
  callApi(reportsEndpoints.handle, { params: { id }, body: { status, ...(outcome ? { outcome } : {}) } });

export const setRole = (userId: number, role: Role) =>
  callApi(usersEndpoints.setRole, { params: { id: userId }, body: { role } });

export const saveWords = (words: FilteredWord[]) => callApi(moderationEndpoints.setWords, { body: { words } });
