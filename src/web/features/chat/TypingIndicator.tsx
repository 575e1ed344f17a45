import { FEMALE } from '../../../shared/entities/user';
import { useChat } from './timeline/chat-context';
import { onlineIn, roomTimeline, timelineOf } from './timeline/chat-state';
import { CHAT_TEXTS as T } from './texts';

/**
 * "X يكتب..." / "X تكتب...", "X و Y يكتبان...", "3 أشخاص يكتبون...", cleared 3 s after the last
 * signal. The typing signal names no gender: it is read from the room's online list. Space is
 * always reserved so nothing jumps.
 */
export function TypingIndicator({ roomId }: { roomId: string }) {
  const typing = useChat((s) => timelineOf(s, roomTimeline(roomId)).typing);
  const online = useChat((s) => onlineIn(s, roomId));
  const genderOf = (userId: number) => online.find((u) => u.id === userId)?.gender ?? null;
  const [first, second] = typing;
  return (
    <p aria-live="polite" className="h-6 truncate px-4 text-sm leading-6 text-muted-foreground">
      {typing.length === 1 && first ? (
        <>
          <bdi className="font-medium">{first.username}</bdi> {T.typingOne(genderOf(first.userId))}
        </>
      ) : typing.length === 2 && first && second ? (
        <>
          <bdi className="font-medium">{first.username}</bdi> {T.and}
          <bdi className="font-medium">{second.username}</bdi>{' '}
          {T.typingTwo(genderOf(first.userId) === FEMALE && genderOf(second.userId) === FEMALE)}
        </>
      ) : typing.length > 2 ? (
        T.typingMany(typing.length)
      ) : null}
    </p>
  );
}
