import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { moderationEndpoints } from '../../../../shared/api/moderation';
import { callApi } from '../../../lib/api';
import { PANEL_KEYS } from './panel-keys';

export { PANEL_KEYS };

/**
 * Each tab fetches its list again whenever it is opened (what a moderator sees is never older than
 * the panel), and while open follows the live side (moderation-live invalidates these keys).
 */
const FRESH_MS = 0;

export function useOnlineEveryone() {
  return useQuery({
    queryKey: PANEL_KEYS.online,
    queryFn: async ({ signal }) => (await callApi(moderationEndpoints.online, {}, { signal })).users,
    staleTime: FRESH_MS,
    refetchOnMount: 'always',
  });
}

export function useSanctions(enabled = true) {
  return useQuery({
    enabled,
    queryKey: PANEL_KEYS.sanctions,
    queryFn: async ({ signal }) => (await callApi(moderationEndpoints.sanctions, {}, { signal })).sanctions,
    staleTime: FRESH_MS,
    refetchOnMount: 'always',
  });
}

export interface LogFilter {
  action?: string;
  actorId?: number;
  targetId?: number;
}

export const LOG_PAGE = 30;

/** The log, newest first, a page at a time (`beforeId` = the last id shown) while `hasMore`. */
export function useLog(filter: LogFilter) {
  return useInfiniteQuery({
    queryKey: [...PANEL_KEYS.log, filter],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      callApi(
        moderationEndpoints.log,
        { query: { limit: LOG_PAGE, ...filter, ...(pageParam === undefined ? {} : { beforeId: pageParam }) } },
        { signal },
      ),
    getNextPageParam: (last) => (last.hasMore ? last.entries.at(-1)?.id : undefined),
    staleTime: FRESH_MS,
    refetchOnMount: 'always',
  });
}

export function useWords(enabled: boolean) {
  return useQuery({
    queryKey: PANEL_KEYS.words,
    queryFn: async ({ signal }) => (await callApi(moderationEndpoints.words, {}, { signal })).words,
    enabled,
    staleTime: Infinity,
  });
}
