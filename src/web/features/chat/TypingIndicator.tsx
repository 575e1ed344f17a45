import { useRealtime } from './realtime/realtime-context';
import { roomTimeline, timelineOf } from './realtime/realtime-state';
import { CHAT_TEXTS as T } from './texts';

/** "X is typing…", cleared 3 s after the last signal. Space is always reserved so nothing jumps. */
export function TypingIndicator({ roomId }: { roomId: string }) {
  const typing = useRealtime((s) => timelineOf(s, roomTimeline(roomId)).typing);
  return (
    <p aria-live="polite" className="h-6 truncate px-4 text-xs leading-6 text-muted-foreground">
      {typing.length === 1 ? (
        <>
          <bdi className="font-medium">{typing[0]!.username}</bdi> {T.typingSuffix}
        </>
      ) : typing.length > 1 ? (
        T.typingMany(typing.length)
      ) : null}
    </p>
  );
}
