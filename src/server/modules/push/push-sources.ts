import { usernameKey } from '../../../shared/entities/user';
import { chatPath } from '../../../shared/pages/page-data';
import { mentionedNames } from '../../../shared/text/mentions';
import type { DomainEventBus } from '../../events/domain-events';
import type { PushRepo } from './push.repo';
import type { PushQueue } from './push.queue';
import { previewOf, PUSH_TEXTS } from './texts';

/** Where a tap on a private message's notification leads: the conversation with its sender. */
export const conversationUrl = (userId: number) => `/?pm=${userId}`;
export const FRIEND_REQUESTS_URL = '/?open=friend-requests';

/**
 * What reaches a person's devices when no page of theirs is open: the domain events the
 * notifications module stores (private messages, mentions, replies, friend requests), heard on
 * the node where each happened and only queued here: nothing is looked up on the request's path.
 */
export function subscribePushSources(deps: {
  bus: DomainEventBus;
  queue: PushQueue;
  repo: Pick<PushRepo, 'idsByKeys'>;
}): () => void {
  const { bus, queue, repo } = deps;
  const offs = [
    bus.subscribe('privateMessage.created', ({ message, quietly }) => {
      if (quietly || !message.sender) return;
      queue.enqueue({
        recipientId: message.receiverId,
        actorId: message.senderId,
        type: 'message',
        title: PUSH_TEXTS.message(message.sender),
        preview: previewOf(message.content, message.messageType),
        url: conversationUrl(message.senderId),
        tag: `pm:${message.senderId}`,
      });
    }),
    bus.subscribe('message.created', ({ message }) => {
      if (!message.roomId || message.messageType === 'system' || !message.sender) return;
      const names = mentionedNames(message.content);
      if (!message.replyTo && !names.length) return;
      const sender = message.sender;
      const roomId = message.roomId;
      const common = {
        actorId: sender.id,
        preview: previewOf(message.content, message.messageType),
        url: chatPath(roomId),
        tag: `room:${roomId}`,
      };
      const repliedTo = message.replyTo?.senderId;
      if (repliedTo && repliedTo !== sender.id)
        queue.enqueue({ ...common, recipientId: repliedTo, type: 'reply', title: PUSH_TEXTS.reply(sender) });
      if (!names.length) return;
      // The names are looked up in the queue's round, not here.
      queue.enqueue(async () =>
        (await repo.idsByKeys([...new Set(names.map(usernameKey))]))
          .filter((id) => id !== sender.id && id !== repliedTo)
          .map((id) => ({ ...common, recipientId: id, type: 'mention' as const, title: PUSH_TEXTS.mention(sender) })),
      );
    }),
    bus.subscribe('friend.requested', ({ request }) => {
      queue.enqueue({
        recipientId: request.to.id,
        actorId: request.from.id,
        type: 'friendRequest',
        title: PUSH_TEXTS.friendRequest(request.from),
        preview: '',
        url: FRIEND_REQUESTS_URL,
        tag: `friendRequest:${request.id}`,
      });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
