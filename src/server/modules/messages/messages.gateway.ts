import type { Live } from '../../realtime/live';
import { channel } from '../../realtime/types';
import { ignoringChannel } from '../ignore';

/**
 * Who hears room messages: the room, except those who ignore the sender (their sockets are in
 * the sender's `ignoring:` channel, on every node); typing likewise, and never the typist's own
 * tabs; an edited message changes and a deleted one leaves the room's screens, as does one posted
 * but not stored (withdrawn: its sender's page keeps it to send again).
 */
export function announceMessages(live: Live): void {
  const { io } = live;
  // Heard as posted, not as stored: the commit's wait for the disk is not in anyone's way.
  live.on('message.posted', ({ message }) => {
    if (message.roomId)
      io.to(channel.room(message.roomId))
        .except(ignoringChannel(message.senderId))
        .emit('message', { type: 'newMessage', message });
  });
  live.on('typing.changed', ({ roomId, userId, username, isTyping }) =>
    io
      .to(channel.room(roomId))
      .except([channel.user(userId), ignoringChannel(userId)])
      .emit('message', { type: 'typing', roomId, userId, username, isTyping }),
  );
  live.on('message.edited', ({ roomId, messageId, senderId, content, editedAt }) =>
    io
      .to(channel.room(roomId))
      .except(ignoringChannel(senderId))
      .emit('message', { type: 'messageEdited', roomId, messageId, content, editedAt }),
  );
  live.on('message.deleted', ({ roomId, messageId }) =>
    io.to(channel.room(roomId)).emit('message', { type: 'messageDeleted', roomId, messageId }),
  );
  live.on('message.withdrawn', ({ roomId, messageId, senderId }) =>
    io
      .to(channel.room(roomId))
      .except(ignoringChannel(senderId))
      .emit('message', { type: 'messageDeleted', roomId, messageId, withdrawn: true }),
  );
}
