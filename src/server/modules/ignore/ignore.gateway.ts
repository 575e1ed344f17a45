import type { Live } from '../../realtime/live';
import { channel } from '../../realtime/types';

/** Every socket of everyone who ignores `userId`: what that user does is not sent to them. */
export const ignoringChannel = (userId: number) => `ignoring:${userId}`;

/** The ignorer's every socket, on every node, joins or leaves the filter channel at once. */
export function announceIgnores(live: Live): void {
  const { io } = live;
  live.on('ignore.changed', ({ userId, targetId, ignoring }) => {
    const tabs = io.in(channel.user(userId));
    if (ignoring) tabs.socketsJoin(ignoringChannel(targetId));
    else tabs.socketsLeave(ignoringChannel(targetId));
    io.to(channel.user(userId)).emit('message', { type: 'ignoreChanged', userId: targetId, ignoring });
  });
}
