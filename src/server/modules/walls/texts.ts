/** The Arabic the walls module writes itself (what staff read in a report). */
export const WALL_TEXTS = {
  postReport: (reason: string) => `منشور على الحائط: ${reason}`,
  commentReport: (reason: string) => `تعليق على الحائط: ${reason}`,
} as const;
