import type { Live } from '../../realtime/live';
import { channel } from '../../realtime/types';

/**
 * Who hears private messages: both people, every tab, every node (the sender's other tabs follow
 * the conversation too; only the sender when the receiver ignores them); typing and read marks
 * to the other person.
 */
export function announcePrivateMessages(live: Live): void {
  const { io } = live;
  live.on('privateMessage.created', ({ message, quietly }) =>
    io
      .to(
        quietly ? [channel.user(message.senderId)] : [channel.user(message.senderId), channel.user(message.receiverId)],
      )
      .emit('privateMessage', { message }),
  );
  live.on('privateTyping.changed', ({ userId, targetUserId, isTyping }) =>
    io.to(channel.user(targetUserId)).emit('privateTyping', { userId, isTyping }),
  );
  live.on('privateMessage.edited', ({ messageId, senderId, receiverId, content, editedAt, quietly }) =>
    io
      .to(quietly ? [channel.user(senderId)] : [channel.user(senderId), channel.user(receiverId)])
      .emit('message', { type: 'privateMessageEdited', messageId, senderId, receiverId, content, editedAt }),
  );
  live.on('privateMessage.deleted', ({ messageId, senderId, receiverId }) =>
    io
      .to([channel.user(senderId), channel.user(receiverId)])
      .emit('message', { type: 'privateMessageDeleted', messageId, senderId, receiverId }),
  );
  live.on('conversation.read', ({ readerId, otherUserId, lastReadMessageId }) =>
    io
      .to([channel.user(readerId), channel.user(otherUserId)])
      .emit('message', { type: 'conversationRead', readerId, otherUserId, lastReadMessageId }),
  );
}
