import { ArrowDownToLine, Check, Crown, Hand, Headphones, Mic, MicOff, PhoneOff, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { Room } from '../../../shared/entities/room';
import type { OnlineUser } from '../../../shared/entities/user';
import { can, type Actor } from '../../../shared/policy';
import { UserAvatar } from '../../components/avatar';
import { Button } from '../../components/Button';
import { useRealtime } from '../../realtime';
import { useChat } from '../chat/timeline/chat-context';
import { onlineIn } from '../chat/timeline/chat-state';
import { useSession } from '../session/session-store';
import { VOICE_TEXTS as T } from './texts';
import { idleVoiceStore, VoiceSession } from './voice-session';

const SPEAKING_LEVEL = 0.04;

interface Person {
  id: number;
  name: string;
  user: OnlineUser | undefined;
}

function SpeakerChip({
  person,
  level,
  isHost,
  isMe,
  muted,
  onRemove,
}: {
  person: Person;
  level: number;
  isHost: boolean;
  isMe: boolean;
  muted: boolean;
  onRemove: (() => void) | null;
}) {
  const speaking = level > SPEAKING_LEVEL;
  return (
    <li className="flex w-20 shrink-0 flex-col items-center gap-1 text-center" data-speaker={person.id}>
      <span className="relative">
        <span
          className="flex rounded-full transition-shadow duration-150 motion-reduce:transition-none"
          style={{
            boxShadow: speaking
              ? `0 0 0 ${2 + Math.round(Math.min(1, level * 3) * 4)}px var(--primary)`
              : '0 0 0 2px transparent',
          }}
          data-speaking={speaking ? 'true' : 'false'}
          title={speaking ? T.speaking : undefined}
        >
          <UserAvatar user={person.user} size="medium" />
        </span>
        {isHost && (
          <span
            className="absolute -top-1 -start-1 inline-flex h-6 w-6 items-center justify-center rounded-full bg-amber-400 text-black shadow"
            title={T.host}
          >
            <Crown aria-hidden="true" className="h-3.5 w-3.5" />
            <span className="sr-only">{T.host}</span>
          </span>
        )}
        {isMe && muted && (
          <span className="absolute -bottom-1 -start-1 inline-flex h-6 w-6 items-center justify-center rounded-full bg-destructive text-destructive-foreground shadow">
            <MicOff aria-hidden="true" className="h-3.5 w-3.5" />
            <span className="sr-only">{T.mutedBadge}</span>
          </span>
        )}
        {onRemove && (
          <button
            type="button"
            onClick={onRemove}
            aria-label={T.removeSpeaker(person.name)}
            title={T.removeSpeaker(person.name)}
            className="absolute -top-2 -end-3 inline-flex h-11 w-11 items-start justify-end p-1"
          >
            <span className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-card text-foreground shadow ring-1 ring-border">
              <X aria-hidden="true" className="h-3.5 w-3.5" />
            </span>
          </button>
        )}
      </span>
      <bdi className="block w-full truncate text-xs font-medium">{person.name}</bdi>
      {isHost && <span className="text-[10px] leading-none text-muted-foreground">{T.host}</span>}
    </li>
  );
}

/**
 * The voice bar of a broadcast room (issue 12): who speaks (with live levels), the host's badge,
 * the hand-raise queue for the host and staff, and this person's controls.
 */
export function VoiceBar({ room, myId, actor }: { room: Room; myId: number | undefined; actor: Actor }) {
  const realtime = useRealtime();
  const online = useChat((s) => onlineIn(s, room.id));
  const gender = useSession().user?.gender;
  const [session] = useState(() => (myId ? new VoiceSession(realtime, myId) : null));
  useEffect(() => () => session?.dispose(), [session]);
  const state = useStore(session?.store ?? idleVoiceStore);
  const [queueOpen, setQueueOpen] = useState(false);
  const queueId = useId();

  useEffect(() => session?.sync(room), [session, room]);

  const people = useMemo(() => {
    const byId = new Map(online.map((user) => [user.id, user]));
    return (id: number): Person => {
      const user = byId.get(id);
      return { id, name: user?.username ?? T.unknownUser(id), user };
    };
  }, [online]);

  const joined = state.phase === 'joined';
  const isGuest = actor.role === 'guest';
  const hosts = can(actor, 'hostVoice', room);
  const speaking = myId !== undefined && room.speakers.includes(myId);
  const queued = myId !== undefined && room.micQueue.includes(myId);

  return (
    <section aria-label={T.region} className="border-b border-border bg-card px-3 py-2" data-voice-phase={state.phase}>
      <div className="flex flex-wrap items-center gap-2">
        <Headphones aria-hidden="true" className="h-5 w-5 text-primary" />
        <h2 className="text-sm font-bold">{T.region}</h2>
        <span className="text-xs text-muted-foreground">
          {room.speakers.length ? `${T.speakers}: ${T.speakersCount(room.speakers.length)}` : T.noSpeakers}
        </span>
        <div className="ms-auto flex flex-wrap items-center gap-2">
          {!joined && !isGuest && session && (
            <Button onClick={() => void session.join(room.id)} disabled={state.phase === 'joining'}>
              <Headphones aria-hidden="true" className="h-4 w-4" />
              {state.phase === 'joining' ? T.joining : T.join}
            </Button>
          )}
          {joined && session && (
            <>
              {speaking ? (
                <>
                  <Button
                    variant={state.muted ? 'danger' : 'secondary'}
                    size="icon"
                    aria-pressed={state.muted}
                    aria-label={state.muted ? T.unmute : T.mute}
                    title={state.muted ? T.unmute : T.mute}
                    onClick={() => session.toggleMute()}
                  >
                    {state.muted ? (
                      <MicOff aria-hidden="true" className="h-5 w-5" />
                    ) : (
                      <Mic aria-hidden="true" className="h-5 w-5" />
                    )}
                  </Button>
                  <Button variant="secondary" onClick={() => void session.removeSpeaker(myId as number)}>
                    <ArrowDownToLine aria-hidden="true" className="h-4 w-4" />
                    {T.stepDown}
                  </Button>
                </>
              ) : hosts ? (
                <Button variant="secondary" onClick={() => void session.requestMic()} disabled={state.mic === 'asking'}>
                  <Mic aria-hidden="true" className="h-4 w-4" />
                  {T.takeMic}
                </Button>
              ) : (
                <Button
                  variant={queued ? 'primary' : 'secondary'}
                  aria-pressed={queued}
                  onClick={() => void (queued ? session.lowerHand() : session.requestMic())}
                  disabled={state.mic === 'asking'}
                >
                  <Hand aria-hidden="true" className="h-4 w-4" />
                  {queued ? T.lowerHand : T.raiseHand}
                </Button>
              )}
              {hosts && (
                <Button
                  variant="secondary"
                  aria-expanded={queueOpen}
                  aria-controls={queueId}
                  onClick={() => setQueueOpen((open) => !open)}
                >
                  {T.queue(room.micQueue.length)}
                </Button>
              )}
              <Button
                variant="danger"
                size="icon"
                aria-label={T.leave}
                title={T.leave}
                onClick={() => void session.leave()}
              >
                <PhoneOff aria-hidden="true" className="h-5 w-5" />
              </Button>
            </>
          )}
        </div>
      </div>

      {isGuest && <p className="mt-1 text-xs text-muted-foreground">{T.signInToJoin(gender)}</p>}
      {joined && queued && (
        <p className="mt-1 text-xs text-muted-foreground" role="status">
          {T.handRaised}
        </p>
      )}
      {joined && (speaking || !queued) && (
        <p className="mt-1 text-xs text-muted-foreground">
          {speaking ? T.speakerHint(gender) : T.listenerHint(gender)}
          {room.hostId !== null && (
            <>
              {' · '}
              {T.host}: <bdi>{people(room.hostId).name}</bdi>
            </>
          )}
        </p>
      )}

      {(state.mic === 'refused' || state.mic === 'unavailable') && (
        <div
          role="alert"
          className="mt-2 flex flex-wrap items-center gap-2 rounded-xl bg-destructive/10 p-2 text-sm text-destructive"
        >
          <MicOff aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="min-w-0 flex-1">{state.mic === 'refused' ? T.micRefused(gender) : T.micUnavailable}</span>
          {session && (
            <Button variant="secondary" onClick={() => void session.retryMicrophone()}>
              {T.retryMic}
            </Button>
          )}
        </div>
      )}

      {room.speakers.length > 0 && (
        <ul aria-label={T.speakers} className="mt-2 flex gap-3 overflow-x-auto pb-1 pt-2">
          {room.speakers.map((id) => (
            <SpeakerChip
              key={id}
              person={people(id)}
              level={state.levels[id] ?? 0}
              isHost={id === room.hostId}
              isMe={id === myId}
              muted={state.muted}
              onRemove={joined && hosts && id !== myId && session ? () => void session.removeSpeaker(id) : null}
            />
          ))}
        </ul>
      )}

      {joined && hosts && queueOpen && (
        <div id={queueId} className="mt-2 rounded-xl border border-border p-2">
          <h3 className="mb-1 text-sm font-bold">{T.queueTitle}</h3>
          {room.micQueue.length === 0 ? (
            <p className="text-sm text-muted-foreground">{T.queueEmpty}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {room.micQueue.map((id) => {
                const person = people(id);
                return (
                  <li key={id} className="flex items-center gap-2" data-queued={id}>
                    <UserAvatar user={person.user} />
                    <bdi className="min-w-0 flex-1 truncate">{person.name}</bdi>
                    <Button size="md" onClick={() => void session?.approve(id)} aria-label={T.approve(person.name)}>
                      <Check aria-hidden="true" className="h-4 w-4" />
                      {T.approveShort}
                    </Button>
                    <Button
                      size="md"
                      variant="secondary"
                      onClick={() => void session?.reject(id)}
                      aria-label={T.reject(person.name)}
                    >
                      <X aria-hidden="true" className="h-4 w-4" />
                      {T.rejectShort}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

export default VoiceBar;
