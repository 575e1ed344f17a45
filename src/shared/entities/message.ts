import * as z from 'zod/mini';
import { MESSAGES } from '../constants';
import { publicUserSchema } from './user';
import { longerThan } from '../text/length';

export const MESSAGE_TYPES = ['text', 'image', 'system', 'voice'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const REACTION_TYPES = ['like', 'dislike', 'heart'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

const HEX_COLOUR = /^#?([0-9a-f]{6})$/i;

/** Spec §5: six hex digits with an optional '#'; anything else is ignored (null). */
export function normalizeHexColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = HEX_COLOUR.exec(value.trim());
  return match ? `#${match[1]!.toLowerCase()}` : null;
}

/** Whether a message may still be edited by its sender at `now` (MESSAGES.editWindowMs). */
export function withinEditWindow(timestamp: string | Date, now: number): boolean {
  const sent = typeof timestamp === 'string' ? Date.parse(timestamp) : timestamp.getTime();
  return now - sent <= MESSAGES.editWindowMs;
}

/** Message text: trimmed, not empty, at most MESSAGES.maxLength characters. */
export const messageContentSchema = z
  .pipe(
    z.string({ error: 'MESSAGE_EMPTY' }),
    z.transform((text: string) => text.trim()),
  )
  .check(
    z.superRefine((text, ctx) => {
      if (text.length === 0) ctx.addIssue({ code: 'custom', message: 'MESSAGE_EMPTY' });
      else if (longerThan(text, MESSAGES.maxLength)) ctx.addIssue({ code: 'custom', message: 'MESSAGE_TOO_LONG' });
    }),
  );

export const clientMessageIdSchema = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[\w-]+$/));

export const attachmentSchema = z.object({
  url: z.string(),
  type: z.string(),
  channel: z.optional(z.string()),
  /** An image attachment: its thumbnail and the full size's pixels (the list reserves the space). */
  thumbnailUrl: z.optional(z.string()),
  width: z.optional(z.int()),
  height: z.optional(z.int()),
  /** A story attachment (`channel: 'story'`): the story a private message reacts or replies to. */
  storyId: z.optional(z.int()),
  /** A text story's background (the palette's id), drawn when there is no picture. */
  background: z.optional(z.string()),
  /** A reaction to the story (the palette of story reactions). */
  reaction: z.optional(z.string()),
  /** A voice note (`type: 'voice'`): its length as measured by the server, and its levels (0–100). */
  durationMs: z.optional(z.int()),
  waveform: z.optional(z.array(z.int())),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const reactionsSchema = z.object({ like: z.int(), dislike: z.int(), heart: z.int() });

export const lastReactionSchema = z.object({
  type: z.enum(REACTION_TYPES),
  reactorName: z.string(),
  timestamp: z.string(),
});

/** The message a reply quotes: enough for the snippet and to jump to it. */
export const replyToSchema = z.object({
  id: z.int(),
  senderId: z.int(),
  senderName: z.string(),
  excerpt: z.string(),
});
export type ReplyTo = z.infer<typeof replyToSchema>;

export const messageSchema = z.object({
  id: z.int().check(z.positive()),
  content: z.string(),
  timestamp: z.string(),
  senderId: z.int(),
  sender: z.nullable(publicUserSchema),
  messageType: z.enum(MESSAGE_TYPES),
  isPrivate: z.boolean(),
  roomId: z.nullable(z.string()),
  receiverId: z.nullable(z.int()),
  reactions: reactionsSchema,
  myReaction: z.nullable(z.enum(REACTION_TYPES)),
  attachments: z.array(attachmentSchema),
  textColor: z.nullable(z.string()),
  bold: z.boolean(),
  lastReaction: z.nullable(lastReactionSchema),
  /** The quoted message when this one is a reply. */
  replyTo: z.optional(z.nullable(replyToSchema)),
  /** Echo of the sender's own id for the message, so its optimistic copy can be replaced. */
  clientMessageId: z.nullable(z.string()),
  /** When its sender last changed it (shown as «معدّلة»); null or absent: never. */
  editedAt: z.optional(z.nullable(z.string())),
});
export type Message = z.infer<typeof messageSchema>;

// ---- Client-side list rules of spec §4 "Messages" -------------------------------------------

/** A message the list shows: stored ones plus the sender's optimistic copies and local notices. */
export interface ListedMessage extends Omit<Message, 'id'> {
  /** Server id; negative for a local entry that has none yet. */
  id: number;
  pending?: boolean;
  failed?: boolean;
  /** Why the server refused it for good, in Arabic (shown under a failed message). */
  failReason?: string;
  /** A local join or leave notice (messageType 'system'); `content` then holds the username. */
  notice?: 'join' | 'leave';
}

/** A message with every field at its neutral value, for local entries (and test data). */
export function draftMessage(fields: Partial<ListedMessage> & Pick<ListedMessage, 'id'>): ListedMessage {
  return {
    content: '',
    timestamp: new Date().toISOString(),
    senderId: 0,
    sender: null,
    messageType: 'text',
    isPrivate: false,
    roomId: null,
    receiverId: null,
    reactions: { like: 0, dislike: 0, heart: 0 },
    myReaction: null,
    attachments: [],
    textColor: null,
    bold: false,
    lastReaction: null,
    clientMessageId: null,
    ...fields,
  };
}

/** Same id, or same timestamp, sender and content (spec §4). */
export function isDuplicateMessage(list: readonly ListedMessage[], incoming: ListedMessage): boolean {
  return list.some(
    (m) =>
      m.id === incoming.id ||
      (m.timestamp === incoming.timestamp && m.senderId === incoming.senderId && m.content === incoming.content),
  );
}

/**
 * Adds messages to a room list: drops duplicates, replaces the sender's optimistic copy, keeps
 * stored messages in id order with unsent ones last, and keeps the list at most `cap` long.
 */
export function mergeMessages(
  list: readonly ListedMessage[],
  incoming: readonly ListedMessage[],
  cap: number = MESSAGES.clientRoomCap,
): ListedMessage[] {
  const next = [...list];
  let changed = false;
  for (const message of incoming) {
    const optimistic =
      message.clientMessageId != null && !message.pending
        ? next.findIndex((m) => m.pending && m.clientMessageId === message.clientMessageId)
        : -1;
    if (optimistic >= 0) next.splice(optimistic, 1);
    else if (isDuplicateMessage(next, message)) continue;
    insertInOrder(next, message);
    changed = true;
  }
  if (!changed) return list as ListedMessage[];
  return next.length > cap ? next.slice(next.length - cap) : next;
}

function insertInOrder(list: ListedMessage[], message: ListedMessage): void {
  const firstPending = list.findIndex((m) => m.pending);
  const tail = firstPending === -1 ? list.length : firstPending;
  if (message.pending) {
    list.push(message);
    return;
  }
  // A stored message goes before the first stored message with a larger id (history arriving late).
  const later = message.id > 0 ? list.findIndex((m, i) => i < tail && m.id > message.id) : -1;
  list.splice(later === -1 ? tail : later, 0, message);
}
