import type { Live } from '../../realtime/live';
import { channel } from '../../realtime/types';
import type { WordFilterService } from './word-filter.service';

declare module '../../realtime/types' {
  interface InterServerEvents {
    /** The word filter changed: each node reads it again, then answers. */
    wordsChanged: (done: (reloaded: boolean) => void) => void;
  }
}

/**
 * The word filter has no broadcast that could tell another node in time, so its change is
 * acknowledged: the function returned resolves once every other node has read the new list. A
 * node that does not answer (the adapter gives up after 5 s) is logged, not waited for forever.
 */
export function keepWordFilterInSync(
  live: Live,
  words: Pick<WordFilterService, 'reload'>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  if (!live.clustered) return () => Promise.resolve();
  live.io.on('wordsChanged', (done) => {
    words.reload().then(
      () => done(true),
      (error: unknown) => {
        onError(error);
        done(false);
      },
    );
  });
  return async () => {
    await live.io.serverSideEmitWithAck('wordsChanged').catch(onError);
  };
}

/**
 * Who hears of moderation: the sanctioned person (told, then cut off on every node, with every
 * socket on a device the sanction binds) and the rooms they were in (a notice); staff of every
 * report, on every tab; a reporter of the outcome.
 */
export function announceModeration(live: Live): void {
  const { io } = live;
  live.on('user.sanctioned', ({ sanction, actor, target, roomIds }) => {
    const until = sanction.expiresAt?.toISOString() ?? null;
    const minutes = sanction.expiresAt
      ? Math.round((sanction.expiresAt.getTime() - sanction.createdAt.getTime()) / 60_000)
      : null;
    for (const roomId of roomIds)
      io.to(channel.room(roomId)).emit('message', {
        type: 'moderationAction',
        roomId,
        action: sanction.kind,
        actorName: actor.username,
        actorGender: actor.gender,
        targetName: target.username,
        targetGender: target.gender,
        reason: sanction.reason,
        durationMinutes: minutes,
      });
    const tabs = io.to(channel.user(target.id));
    if (sanction.kind === 'mute') {
      tabs.emit('message', { type: 'restrictionsChanged', mutedUntil: until });
      return;
    }
    // Told first, then cut off, on every node (the adapter keeps the two in order).
    if (sanction.kind === 'block') tabs.emit('blocked', { moderator: actor.username, reason: sanction.reason });
    else
      tabs.emit('kicked', {
        moderator: actor.username,
        reason: sanction.reason,
        duration: minutes ?? 0,
        until: until ?? new Date().toISOString(),
        kind: sanction.kind,
      });
    io.in(channel.user(target.id)).disconnectSockets(true);
    // The devices it binds are out too, under any account signed in on them: their next
    // handshake is refused with the time left.
    if (sanction.deviceIds.length > 0) io.in(sanction.deviceIds.map(channel.device)).disconnectSockets(true);
  });

  // Staff (who handle reports) hear of a new one on every tab, on every node.
  live.on('report.created', ({ report }) => io.to(channel.staff).emit('message', { type: 'reportCreated', report }));
  live.on('report.handled', ({ report, reporterId, text }) => {
    if (reporterId !== null) io.to(channel.user(reporterId)).emit('message', { type: 'systemNotification', text });
    io.to(channel.staff).emit('message', { type: 'reportHandled', report });
  });

  // Every logged action (sanctions, lifts, roles, locks, words) reaches staff's open lists.
  live.on('moderation.logged', ({ entry }) =>
    io.to(channel.staff).emit('message', { type: 'moderationLogged', entry }),
  );

  live.on('user.sanctionLifted', ({ kind, actor, target, roomIds }) => {
    if (kind !== 'mute') return;
    io.to(channel.user(target.id)).emit('message', { type: 'restrictionsChanged', mutedUntil: null });
    for (const roomId of roomIds)
      io.to(channel.room(roomId)).emit('message', {
        type: 'moderationAction',
        roomId,
        action: 'unmute',
        actorName: actor.username,
        actorGender: actor.gender,
        targetName: target.username,
        targetGender: target.gender,
        reason: '',
        durationMinutes: null,
      });
  });
}
