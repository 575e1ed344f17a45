import type { ReactionState } from '../../../shared/api/reactions';
import type { Message, ReactionType } from '../../../shared/entities/message';
import type { Actor } from '../../../shared/policy';
import type { Clock } from '../../clock';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import { postingError } from '../moderation';
import type { RoomsService } from '../rooms';
import type { LiveUsers } from '../users';
import type { ReactionsRepo } from './reactions.repo';

/** How much of a quoted message a reply shows. */
const EXCERPT_LENGTH = 80;

export function createReactionsService(deps: {
  repo: ReactionsRepo;
  rooms: Pick<RoomsService, 'requireEnterable'>;
  /** The sanctions in force on the reactor now (a mute refuses a reaction, as a message). */
  liveUsers: Pick<LiveUsers, 'lookup'>;
  bus: DomainEventBus;
  clock: Clock;
}) {
  const { repo, rooms, bus, clock } = deps;

  return {
    /**
     * Sets, switches or removes (null) the actor's one reaction to a room message they may see
     * (a room they may enter), unless muted or barred now (MUTED with the time left). The room hears the new counts; the actor's tabs their own reaction.
     */
    async react(
      actor: Actor & { username: string },
      messageId: number,
      type: ReactionType | null,
    ): Promise<ReactionState> {
      const found = await repo.reactable(messageId);
      if (!found?.roomId || found.messageType === 'system') throw new AppError('MESSAGE_NOT_FOUND', 404);
      const { roomId } = found;
      await rooms.requireEnterable(actor, roomId);
      const refused = postingError((await deps.liveUsers.lookup(actor.id)).restrictions, clock.now());
      if (refused) throw refused;
      if (type) await repo.set(messageId, actor.id, type, new Date(clock.now()));
      else await repo.remove(messageId, actor.id);
      const summary = (await repo.summaries([messageId])).get(messageId);
      const state: ReactionState = {
        messageId,
        reactions: summary?.counts ?? { like: 0, dislike: 0, heart: 0 },
        myReaction: type,
        lastReaction: summary?.last ?? null,
      };
      bus.publish('reaction.changed', {
        roomId,
        messageId,
        reactions: state.reactions,
        lastReaction: state.lastReaction,
        reactorId: actor.id,
        reaction: type,
      });
      return state;
    },

    /**
     * Completes a page of room messages as `viewerId` sees them (null: as the room sees a new one):
     * reaction counts, the latest reaction, the viewer's own, and the quoted message of replies.
     * A fixed number of queries for the whole page.
     */
    async decorate(
      viewerId: number | null,
      page: { message: Message; replyToId: number | null }[],
    ): Promise<Message[]> {
      const ids = page.map((p) => p.message.id);
      const replyIds = [...new Set(page.flatMap((p) => (p.replyToId ? [p.replyToId] : [])))];
      const [summaries, mine, quoted] = await Promise.all([
        repo.summaries(ids),
        viewerId === null ? Promise.resolve(new Map<number, ReactionType>()) : repo.mine(viewerId, ids),
        repo.quoted(replyIds),
      ]);
      return page.map(({ message, replyToId }) => {
        const summary = summaries.get(message.id);
        const quote = replyToId ? quoted.get(replyToId) : undefined;
        return {
          ...message,
          reactions: summary?.counts ?? message.reactions,
          lastReaction: summary?.last ?? null,
          myReaction: mine.get(message.id) ?? null,
          replyTo: quote
            ? {
                id: quote.id,
                senderId: quote.senderId,
                senderName: quote.senderName,
                // A voice note's address is no text to quote.
                excerpt: quote.messageType === 'voice' ? '🎤' : [...quote.content].slice(0, EXCERPT_LENGTH).join(''),
              }
            : null,
        };
      });
    },

    /** The message a reply quotes must be shown in the same room. */
    async requireQuotable(roomId: string, replyToId: number): Promise<{ senderId: number }> {
      const quote = (await repo.quoted([replyToId])).get(replyToId);
      if (!quote || quote.roomId !== roomId) throw new AppError('MESSAGE_NOT_FOUND', 404);
      return quote;
    },
  };
}

export type ReactionsService = ReturnType<typeof createReactionsService>;
