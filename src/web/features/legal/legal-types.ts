/** One block of legal text: a paragraph or a bulleted list. */
export type LegalBlock = { type: 'p'; text: string } | { type: 'ul'; items: string[] };

/** A titled section of a legal document; `id` is a stable ASCII anchor (e.g. 'data-collected'). */
export interface LegalSection {
  id: string;
  title: string;
  blocks: LegalBlock[];
}

/**
 * A legal page (privacy policy, terms of use) as typed Arabic text.
 * Strings may contain the placeholder `{{contactEmail}}`, which the page replaces with the operator's address,
 * and `{{publicDays}}`, `{{privateDays}}`, `{{securityDays}}`: the retention periods the site is configured
 * with, as counted days (`fillLegalText`).
 */
export interface LegalDocument {
  /** The page heading (H1), e.g. 'سياسة الخصوصية'. */
  title: string;
  /** Arabic meta description, 140 to 160 characters. */
  metaDescription: string;
  /** e.g. 'آخر تحديث: يناير 2025' or 'تاريخ السريان: يناير 2025'. */
  updatedLabel: string;
  intro: string;
  sections: LegalSection[];
}
