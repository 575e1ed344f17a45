import type { Live } from '../../realtime/live';
import { channel } from '../../realtime/types';
import { ignoringChannel } from '../ignore';

/** A message's new reaction counts go to its room, except those who ignore the reactor. */
export function announceReactions(live: Live): void {
  live.on('reaction.changed', ({ roomId, messageId, reactions, lastReaction, reactorId, reaction }) =>
    live.io
      .to(channel.room(roomId))
      .except(ignoringChannel(reactorId))
      .emit('message', { type: 'reactionUpdated', roomId, messageId, reactions, lastReaction, reactorId, reaction }),
  );
}
