import type { Report } from '../../../shared/entities/moderation';

/** Keeps a name's own direction inside an Arabic sentence (FSI … PDI). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** The Arabic sentences the server writes itself for reports (refusals live in shared/api/errors.ts). */
export const REPORT_TEXTS = {
  /** Who raised a report the site made itself (a message with a flagged word). */
  siteReporter: 'فلتر الكلمات',
  /** The reason of such a report, naming the words staff asked to see. */
  flaggedReason: (words: readonly string[]) =>
    `${words.length === 1 ? 'كلمة مراقَبة' : 'كلمات مراقَبة'}: ${words.map((w) => `«${isolate(w)}»`).join('، ')}`,
  /** What the reporter is told when staff close a report without writing anything. */
  outcome: {
    actioned: 'راجع المشرفون بلاغك واتخذوا الإجراء المناسب، شكراً لك',
    dismissed: 'راجع المشرفون بلاغك ولم يجدوا فيه مخالفة، شكراً لك',
  } satisfies Record<Exclude<Report['status'], 'open'>, string>,
  /** The notice the reporter receives: which report, then the outcome. */
  notification: (report: Pick<Report, 'messageId' | 'username'>, outcome: string) => {
    const name = report.username ? isolate(report.username) : null;
    const subject = report.messageId !== null ? (name ? `رسالة من ${name}` : 'رسالة') : (name ?? 'مستخدم');
    return `بخصوص بلاغك عن ${subject}: ${outcome}`;
  },
};
