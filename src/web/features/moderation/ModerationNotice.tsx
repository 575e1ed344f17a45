import { ShieldAlert } from 'lucide-react';
import type { ModerationNoticeData } from '../chat/timeline/chat-state';
import { moderationNoticeParts } from './notice-text';

/** A moderation action announced in the room: a small centred notice, names isolated. */
export function ModerationNotice({ notice }: { notice: ModerationNoticeData }) {
  return (
    <p className="inline-flex max-w-full items-start gap-1.5 rounded-2xl bg-destructive/10 px-3 py-1 text-center text-xs leading-5 text-destructive">
      <ShieldAlert aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
      <span>
        {moderationNoticeParts(notice).map((part, index) =>
          'name' in part ? (
            <bdi key={index} className="font-bold">
              {part.name}
            </bdi>
          ) : (
            part.text
          ),
        )}
      </span>
    </p>
  );
}
