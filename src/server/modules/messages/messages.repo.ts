import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Attachment } from '../../../shared/entities/message';
import type { Db } from '../../db/client';
import { messageColumns, messages, users, type MessageRow, type UserRow } from '../../db/schema';
import { searchTextOf } from '../../../shared/text/search';
import { matchingMessages, searchVectorOf } from '../../db/message-search';

/**
 * How many of a room's newest messages (before the page) a search reads first, walking the
 * (room_id, id) index: enough for a common word's page; past it, the search index finds the rest.
 */
const SEARCH_RECENT_WINDOW = 2000;

export interface NewPublicMessage {
  /** Taken before the write (`message-ids.ts`), so the room heard it already. */
  id: number;
  roomId: string;
  senderId: number;
  content: string;
  messageType: 'text' | 'image' | 'voice';
  textColor: string | null;
  bold: boolean;
  clientMessageId: string | null;
  /** An image message's picture (thumbnail and size). */
  attachments: Attachment[];
  /** The room message this one replies to (checked by the caller). */
  replyToId?: number | null;
  /** When it was sent, by the server's clock. */
  createdAt: Date;
}

export interface MessageWithSender {
  message: MessageRow;
  sender: UserRow;
}

function draftPublic(values: NewPublicMessage): MessageRow {
  return {
    id: values.id,
    roomId: values.roomId,
    senderId: values.senderId,
    receiverId: null,
    isPrivate: false,
    content: values.content,
    messageType: values.messageType,
    textColor: values.textColor,
    bold: values.bold,
    attachments: values.attachments,
    clientMessageId: values.clientMessageId,
    replyToId: values.replyToId ?? null,
    createdAt: values.createdAt,
    deletedAt: null,
    deletedBy: null,
    editedAt: null,
  };
}

const ROW_PARAMS = [
  'id',
  'roomId',
  'senderId',
  'content',
  'messageType',
  'textColor',
  'bold',
  'clientMessageId',
  'attachments',
  'replyToId',
  'searchText',
  'createdAt',
] as const;
const paramNameCache: Record<(typeof ROW_PARAMS)[number], string>[] = [];

/** The placeholders' names of the `i`-th row of a group insert (made once per row number). */
function paramNames(i: number): Record<(typeof ROW_PARAMS)[number], string> {
  return (paramNameCache[i] ??= Object.fromEntries(ROW_PARAMS.map((name) => [name, `${name}${i}`])) as Record<
    (typeof ROW_PARAMS)[number],
    string
  >);
}

export function createMessagesRepo(db: Db) {
  const withSender = () =>
    db
      .select({ message: messageColumns, sender: users })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId));

  /**
   * The hot path: an insert of `count` room messages, built once per group size and prepared, so a
   * message skips query building (drizzle's, about 0.25 ms) and planning.
   */
  function insertStatement(count: number) {
    const at = (name: keyof ReturnType<typeof paramNames>, i: number) => sql.placeholder(paramNames(i)[name]);
    return (
      db
        .insert(messages)
        .values(
          Array.from({ length: count }, (_, i) => ({
            id: at('id', i),
            roomId: at('roomId', i),
            senderId: at('senderId', i),
            content: at('content', i),
            messageType: at('messageType', i),
            textColor: at('textColor', i),
            bold: at('bold', i),
            clientMessageId: at('clientMessageId', i),
            // Given as JSON text and cast, so the prepared statement needs no driver-specific mapping.
            attachments: sql`cast(${at('attachments', i)} as jsonb)`,
            replyToId: at('replyToId', i),
            searchVector: sql`to_tsvector('simple', cast(${at('searchText', i)} as text))`,
            // The server's clock (the edit window is measured from it), as ISO text for the same reason.
            createdAt: sql`cast(${at('createdAt', i)} as timestamptz)`,
            isPrivate: false,
          })),
        )
        .onConflictDoNothing({
          target: [messages.senderId, messages.clientMessageId],
          where: sql`${messages.clientMessageId} is not null`,
        })
        // Only the ids: each row is what `draftPublic` made of the same values.
        .returning({ id: messages.id })
        .prepare(`insert_public_messages_${count}`)
    );
  }
  const insertStatements = new Map<number, ReturnType<typeof insertStatement>>();

  /** Stores `list` in one statement; the ids of the rows stored (not those already there). */
  async function insertRows(list: NewPublicMessage[]): Promise<Set<number>> {
    let statement = insertStatements.get(list.length);
    if (!statement) insertStatements.set(list.length, (statement = insertStatement(list.length)));
    const params: Record<string, unknown> = {};
    list.forEach((values, i) => {
      const key = paramNames(i);
      params[key.id] = values.id;
      params[key.roomId] = values.roomId;
      params[key.senderId] = values.senderId;
      params[key.content] = values.content;
      params[key.messageType] = values.messageType;
      params[key.textColor] = values.textColor;
      params[key.bold] = values.bold;
      params[key.clientMessageId] = values.clientMessageId;
      params[key.attachments] = JSON.stringify(values.attachments);
      params[key.replyToId] = values.replyToId ?? null;
      params[key.searchText] = values.messageType === 'text' ? searchTextOf(values.content) : null;
      params[key.createdAt] = values.createdAt.toISOString();
    });
    return new Set((await statement.execute(params)).map((r) => r.id));
  }

  async function findSent(senderId: number, clientMessageId: string): Promise<MessageRow | undefined> {
    const [row] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, senderId), eq(messages.clientMessageId, clientMessageId)))
      .limit(1);
    return row;
  }

  /**
   * Stores a room message once per (sender, clientMessageId): a retried send returns the stored
   * row with `created: false` instead of storing it again.
   */
  async function insertOne(values: NewPublicMessage): Promise<{ row: MessageRow; created: boolean }> {
    if ((await insertRows([values])).has(values.id)) return { row: draftPublic(values), created: true };
    return { row: (await findSent(values.senderId, values.clientMessageId ?? ''))!, created: false };
  }

  return {
    /** The row `insertPublic` stores for these values, before it is written. */
    draftPublic,

    /**
     * Stores a room message once per (sender, clientMessageId): a retried send returns the stored
     * row with `created: false` instead of storing it again.
     */
    insertPublic: insertOne,

    /**
     * Stores several room messages in one statement (one round trip, one commit), each once per
     * (sender, clientMessageId), and answers for each in the same order.
     */
    async insertPublicMany(list: NewPublicMessage[]): Promise<{ row: MessageRow; created: boolean }[]> {
      const created = await insertRows(list);
      return Promise.all(
        list.map(async (values) =>
          created.has(values.id)
            ? { row: draftPublic(values), created: true }
            : { row: (await findSent(values.senderId, values.clientMessageId ?? ''))!, created: false },
        ),
      );
    },

    /** A message already stored under the sender's own id for it (a retried send). */
    findSent,

    /** A message still shown, with its sender. */
    async findShown(id: number): Promise<MessageWithSender | undefined> {
      const [row] = await withSender()
        .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
        .limit(1);
      return row;
    },

    /** Hides a message for good; the row stays for the moderation record. */
    async markDeleted(id: number, by: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(messages)
        .set({ deletedAt: at, deletedBy: by })
        .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
        .returning({ id: messages.id });
      return rows.length > 0;
    },

    /** A shown message's new text (an edit by its sender); the row, or undefined if it is gone. */
    async updateContent(id: number, content: string, at: Date): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ content, editedAt: at, searchVector: searchVectorOf(content) })
        .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
        .returning();
      return row;
    },

    /** The newest `limit` messages of a room, oldest first. */
    async latestInRoom(roomId: string, limit: number): Promise<MessageWithSender[]> {
      const rows = await withSender()
        .where(and(eq(messages.roomId, roomId), eq(messages.isPrivate, false), isNull(messages.deletedAt)))
        .orderBy(desc(messages.id))
        .limit(limit);
      return rows.reverse();
    },

    /**
     * Up to `limit` shown messages of a room before `beforeId`, oldest first, walking the
     * (room_id, id) index backwards; one extra row is read to tell whether older ones remain.
     */
    async beforeInRoom(
      roomId: string,
      beforeId: number,
      limit: number,
    ): Promise<{ rows: MessageWithSender[]; hasMore: boolean }> {
      const rows = await withSender()
        .where(
          and(
            eq(messages.roomId, roomId),
            eq(messages.isPrivate, false),
            isNull(messages.deletedAt),
            lt(messages.id, beforeId),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(limit + 1);
      const hasMore = rows.length > limit;
      return { rows: rows.slice(0, limit).reverse(), hasMore };
    },

    /**
     * Shown messages of a room whose words begin with every term, newest first, before `beforeId`
     * when given; one extra row is read to tell whether more remain. The search index finds rare
     * words, the (room_id, id) index walked backwards finds common ones: the planner picks.
     */
    async searchInRoom(
      roomId: string,
      terms: readonly string[],
      beforeId: number | undefined,
      limit: number,
    ): Promise<{ rows: MessageWithSender[]; hasMore: boolean }> {
      const shown = and(
        eq(messages.roomId, roomId),
        eq(messages.isPrivate, false),
        isNull(messages.deletedAt),
        beforeId === undefined ? undefined : lt(messages.id, beforeId),
      );
      // First the room's newest messages: a common word fills its page there at once. (Left to
      // itself the planner may walk the whole room this way for a rare word, or gather every
      // match of a common one through the search index: it cannot tell which the words are.)
      const recent = db
        .$with('recent')
        .as(
          db
            .select({ id: messages.id, vector: messages.searchVector })
            .from(messages)
            .where(shown)
            .orderBy(desc(messages.id))
            .limit(SEARCH_RECENT_WINDOW),
        );
      const [hits, floor] = await Promise.all([
        db
          .with(recent)
          .select({ id: recent.id })
          .from(recent)
          .where(matchingMessages(terms, recent.vector))
          .orderBy(desc(recent.id))
          .limit(limit + 1),
        db
          .select({ id: messages.id })
          .from(messages)
          .where(shown)
          .orderBy(desc(messages.id))
          .offset(SEARCH_RECENT_WINDOW - 1)
          .limit(1),
      ]);
      const ids = hits.map((hit) => hit.id);
      const below = floor[0]?.id;
      if (ids.length <= limit && below !== undefined) {
        // Then the older ones through the search index: sorting on `id + 0` keeps the planner
        // from walking the room's index, so it takes the matches from the GIN index and sorts those.
        const older = await db
          .select({ id: messages.id })
          .from(messages)
          .where(and(shown, matchingMessages(terms), lt(messages.id, below)))
          .orderBy(sql`${messages.id} + 0 desc`)
          .limit(limit + 1 - ids.length);
        ids.push(...older.map((row) => row.id));
      }
      if (ids.length === 0) return { rows: [], hasMore: false };
      const rows = await withSender()
        .where(inArray(messages.id, ids.slice(0, limit)))
        .orderBy(desc(messages.id));
      return { rows, hasMore: ids.length > limit };
    },

    /**
     * A shown message of a room and up to `limit` others around it (half older, half newer),
     * oldest first, with whether more remain either way; undefined when it is not shown there.
     */
    async aroundInRoom(
      roomId: string,
      id: number,
      limit: number,
    ): Promise<{ rows: MessageWithSender[]; hasOlder: boolean; hasNewer: boolean } | undefined> {
      const shown = and(eq(messages.roomId, roomId), eq(messages.isPrivate, false), isNull(messages.deletedAt));
      const olderCount = Math.ceil(limit / 2);
      const newerCount = limit - olderCount;
      const [older, newer] = await Promise.all([
        withSender()
          .where(and(shown, lte(messages.id, id)))
          .orderBy(desc(messages.id))
          .limit(olderCount + 1),
        withSender()
          .where(and(shown, gt(messages.id, id)))
          .orderBy(asc(messages.id))
          .limit(newerCount + 1),
      ]);
      if (older[0]?.message.id !== id) return undefined;
      return {
        rows: [...older.slice(0, olderCount).reverse(), ...newer.slice(0, newerCount)],
        hasOlder: older.length > olderCount,
        hasNewer: newer.length > newerCount,
      };
    },

    /** Messages of a room after `sinceId`, oldest first: what a reconnecting client missed. */
    async sinceInRoom(roomId: string, sinceId: number, limit: number): Promise<MessageWithSender[]> {
      return withSender()
        .where(
          and(
            eq(messages.roomId, roomId),
            eq(messages.isPrivate, false),
            isNull(messages.deletedAt),
            gt(messages.id, sinceId),
          ),
        )
        .orderBy(asc(messages.id))
        .limit(limit);
    },

    /**
     * A room's messages from `fromId` to `toId` edited or deleted after `after`: what a polling page
     * holding that range must change. Walks the room's id range (its index), at most `limit`.
     */
    async changedInRoom(roomId: string, fromId: number, toId: number, after: Date, limit: number) {
      return db
        .select({
          id: messages.id,
          content: messages.content,
          editedAt: messages.editedAt,
          deletedAt: messages.deletedAt,
        })
        .from(messages)
        .where(
          and(
            eq(messages.roomId, roomId),
            gte(messages.id, fromId),
            lte(messages.id, toId),
            or(gt(messages.editedAt, after), gt(messages.deletedAt, after)),
          ),
        )
        .orderBy(asc(messages.id))
        .limit(limit);
    },

    /** Ids of a room's messages from `fromId` to `toId` that were deleted (a cache reconciles with them). */
    async deletedInRoom(roomId: string, fromId: number, toId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.roomId, roomId),
            gte(messages.id, fromId),
            lte(messages.id, toId),
            isNotNull(messages.deletedAt),
          ),
        )
        .orderBy(asc(messages.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
