import { useQuery, type QueryClient } from '@tanstack/react-query';
import { reportsEndpoints } from '../../../shared/api/reports';
import type { Report, REPORT_STATUSES } from '../../../shared/entities/moderation';
import { callApi } from '../../lib/api';

export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const reportsKey = (status: ReportStatus) => ['moderation', 'reports', status] as const;

/** The report queue of one status, oldest first (staff). The open one also feeds the header badge. */
export function useReports(status: ReportStatus, enabled = true) {
  return useQuery({
    queryKey: reportsKey(status),
    queryFn: async ({ signal }) => (await callApi(reportsEndpoints.queue, { query: { status } }, { signal })).reports,
    enabled,
    staleTime: 60_000,
  });
}

/** `reportCreated`: the new report joins the open queue at once (no refetch). */
export function addOpenReport(queryClient: QueryClient, report: Report): void {
  queryClient.setQueryData<Report[]>(reportsKey('open'), (list) =>
    list && !list.some((r) => r.id === report.id) ? [...list, report] : list,
  );
}

/** A report was handled: it leaves the open queue, and the other lists are fetched again when shown. */
export function reportHandled(queryClient: QueryClient, report: Report): void {
  queryClient.setQueryData<Report[]>(reportsKey('open'), (list) => list?.filter((r) => r.id !== report.id));
  void queryClient.invalidateQueries({ queryKey: reportsKey(report.status as ReportStatus) });
}
