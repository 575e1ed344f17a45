import { countOf, NOUNS } from '../../../shared/arabic/grammar';
import type { RetentionDays } from '../../../shared/pages/page-data';

/** The privacy page's own numbers (spec §9), for a page rendered without the server's settings. */
export const DEFAULT_RETENTION_DAYS: RetentionDays = { publicDays: 30, privateDays: 7, securityDays: 90 };

/** A legal text with its placeholders filled: the operator's address and the configured periods ("30 يوماً", "7 أيام"). */
export function fillLegalText(text: string, values: { contactEmail: string; retention: RetentionDays }): string {
  return text
    .replaceAll('{{contactEmail}}', values.contactEmail)
    .replaceAll('{{publicDays}}', countOf(values.retention.publicDays, NOUNS.day))
    .replaceAll('{{privateDays}}', countOf(values.retention.privateDays, NOUNS.day))
    .replaceAll('{{securityDays}}', countOf(values.retention.securityDays, NOUNS.day));
}
