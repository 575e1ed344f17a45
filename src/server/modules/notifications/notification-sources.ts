import { mentionedNames } from '../../../shared/text/mentions';
import type { DomainEventBus } from '../../events/domain-events';
import type { NotificationsService } from './notifications.service';
import { NOTIFICATION_TEXTS } from './texts';

/**
 * What becomes a notification: private messages (grouped per sender while unread), mentions and
 * replies in rooms, friend requests and acceptances, moderation and notices from the site. Each
 * domain event is heard on the node where it happened, so each notification is stored once.
 */
export function subscribeNotificationSources(deps: {
  bus: DomainEventBus;
  notifications: NotificationsService;
  onError: (error: unknown) => void;
}): () => void {
  const { bus, notifications } = deps;
  const run = (work: () => Promise<void>) => void work().catch(deps.onError);
  const offs = [
    bus.subscribe('privateMessage.created', ({ message, quietly }) =>
      run(async () => {
        if (quietly) return;
        const sender = await notifications.findUser(message.senderId);
        if (!sender) return;
        await notifications.notify({
          userId: message.receiverId,
          type: 'message',
          actor: sender,
          text: NOTIFICATION_TEXTS.message(sender, 1),
          notIgnored: true,
          data: { messageId: message.id },
          groupKey: `pm:${sender.id}`,
        });
      }),
    ),
    bus.subscribe('conversation.read', ({ readerId, otherUserId }) =>
      run(() => notifications.conversationRead(readerId, otherUserId)),
    ),
    bus.subscribe('message.created', ({ message }) =>
      run(async () => {
        if (!message.roomId || message.messageType === 'system') return;
        // Most messages neither reply nor mention: they cost no query here.
        if (!message.replyTo && !mentionedNames(message.content).length) return;
        const sender = await notifications.findUser(message.senderId);
        if (!sender) return;
        const data = { roomId: message.roomId, messageId: message.id };
        const repliedTo = message.replyTo?.senderId;
        if (repliedTo && repliedTo !== sender.id)
          await notifications.notify({
            userId: repliedTo,
            type: 'reply',
            actor: sender,
            text: NOTIFICATION_TEXTS.reply(sender),
            data,
          });
        for (const person of await notifications.mentioned(message.content, sender.id)) {
          if (person.id === repliedTo) continue;
          await notifications.notify({
            userId: person.id,
            type: 'mention',
            actor: sender,
            text: NOTIFICATION_TEXTS.mention(sender, 1),
            data,
            groupKey: `mention:${sender.id}:${message.roomId}`,
          });
        }
      }),
    ),
    bus.subscribe('friend.requested', ({ request }) =>
      run(async () => {
        const asker = await notifications.findUser(request.from.id);
        if (!asker) return;
        await notifications.notify({
          userId: request.to.id,
          type: 'friendRequest',
          actor: asker,
          text: NOTIFICATION_TEXTS.friendRequest(asker),
          data: { requestId: request.id },
          groupKey: `friendRequest:${request.id}`,
        });
      }),
    ),
    // A declined or withdrawn request leaves nothing in the addressee's notifications (sending and
    // withdrawing again and again must not pile them up).
    bus.subscribe('friend.removed', ({ requestId, tell }) =>
      run(async () => {
        if (requestId === null) return;
        for (const id of tell) await notifications.groupWithdrawn(id, `friendRequest:${requestId}`);
      }),
    ),
    bus.subscribe('friend.accepted', ({ request }) =>
      run(async () => {
        await notifications.groupRead(request.to.id, `friendRequest:${request.id}`);
        const accepter = await notifications.findUser(request.to.id);
        if (!accepter) return;
        await notifications.notify({
          userId: request.from.id,
          type: 'friendAccepted',
          actor: accepter,
          text: NOTIFICATION_TEXTS.friendAccepted(accepter),
          data: { requestId: request.id },
        });
      }),
    ),
    bus.subscribe('user.sanctioned', ({ sanction, actor, target }) =>
      run(() =>
        notifications.notify({
          userId: target.id,
          type: 'moderation',
          actor: null,
          text: NOTIFICATION_TEXTS.moderation[sanction.kind](actor.username, sanction.reason),
        }),
      ),
    ),
    // Walls: a post's author hears of comments and reactions, one entry per post while unread.
    bus.subscribe('wall.commentCreated', ({ comment, postAuthorId }) =>
      run(async () => {
        if (comment.author.id === postAuthorId) return;
        const commenter = await notifications.findUser(comment.author.id);
        if (!commenter) return;
        await notifications.notify({
          userId: postAuthorId,
          type: 'wallComment',
          actor: commenter,
          text: NOTIFICATION_TEXTS.wallComment(commenter, 1),
          data: { postId: comment.postId },
          groupKey: `wallComment:${comment.postId}`,
        });
      }),
    ),
    bus.subscribe('wall.reacted', ({ postId, postAuthorId, reactorId }) =>
      run(async () => {
        if (reactorId === postAuthorId) return;
        const reactor = await notifications.findUser(reactorId);
        if (!reactor) return;
        await notifications.notify({
          userId: postAuthorId,
          type: 'wallReaction',
          actor: reactor,
          text: NOTIFICATION_TEXTS.wallReaction(reactor, 1),
          data: { postId },
          groupKey: `wallReaction:${postId}`,
        });
      }),
    ),
    bus.subscribe('report.handled', ({ reporterId, text }) =>
      run(async () => {
        if (reporterId !== null) await notifications.notify({ userId: reporterId, type: 'system', actor: null, text });
      }),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}
