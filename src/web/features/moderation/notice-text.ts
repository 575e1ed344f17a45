import { byGender } from '../../../shared/arabic/grammar';
import { MODERATION } from '../../../shared/entities/moderation';
import type { ModerationNoticeData } from '../chat/timeline/chat-state';
import { durationAfterPreposition } from './arabic';

/** A piece of a sentence: plain words, or a name to be direction-isolated (<bdi>). */
export type NoticePart = { text: string } | { name: string };

type NoticeAction = ModerationNoticeData['action'];

/** The verb, agreeing with the actor: "طرد المشرف" / "طردت المشرفة". */
const VERBS: Record<NoticeAction, { male: string; female: string }> = {
  kick: { male: 'طرد', female: 'طردت' },
  mute: { male: 'كتم', female: 'كتمت' },
  ban: { male: 'حظر', female: 'حظرت' },
  block: { male: 'حظر', female: 'حظرت' },
  unmute: { male: 'ألغى', female: 'ألغت' },
};

/**
 * The room's notice of a moderation action, with gender and number agreement:
 * "طرد المشرف سامي المستخدم علي لمدة 15 دقيقة", "كتمت المشرفة سلمى المستخدمة ليلى لمدة ساعتين",
 * "حظر المشرف سامي المستخدم علي نهائياً", "ألغى المشرف سامي كتم المستخدمة ليلى".
 */
export function moderationNoticeParts(notice: ModerationNoticeData): NoticePart[] {
  const verb = byGender(notice.actorGender, VERBS[notice.action]);
  const actorTitle = byGender(notice.actorGender, { male: 'المشرف', female: 'المشرفة' });
  const targetTitle = byGender(notice.targetGender, { male: 'المستخدم', female: 'المستخدمة' });
  const parts: NoticePart[] = [{ text: `${verb} ${actorTitle} ` }, { name: notice.actorName }];
  parts.push({ text: notice.action === 'unmute' ? ` كتم ${targetTitle} ` : ` ${targetTitle} ` });
  parts.push({ name: notice.targetName });
  if (notice.action === 'block') parts.push({ text: ' نهائياً' });
  else if (notice.action !== 'unmute' && notice.durationMinutes !== null)
    parts.push({ text: ` لمدة ${durationAfterPreposition(notice.durationMinutes)}` });
  const reason = notice.reason.trim();
  if (reason && reason !== MODERATION.defaultReason) parts.push({ text: '، السبب: ' }, { name: reason });
  return parts;
}

/** The same sentence as plain text (names isolated with Unicode marks), for tests and labels. */
export function moderationNoticeText(notice: ModerationNoticeData): string {
  return moderationNoticeParts(notice)
    .map((part) => ('text' in part ? part.text : `\u2068${part.name}\u2069`))
    .join('');
}
