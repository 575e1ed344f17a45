import { QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE } from '../../shared/constants';
import { ApiError } from './api';

/** Spec §9 query cache: fresh 10 min, kept 30 min, no refetch on focus/reconnect/mount, 3 retries except 401/403. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_CACHE.staleTimeMs,
        gcTime: QUERY_CACHE.gcTimeMs,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        retry: (failures, error) =>
          !(error instanceof ApiError && (error.status === 401 || error.status === 403)) &&
          failures < QUERY_CACHE.maxRetries,
      },
    },
  });
}
