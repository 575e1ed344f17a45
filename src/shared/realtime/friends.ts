/** Friends: requests, friendships and their presence, to the two people concerned. */
import * as z from 'zod/mini';
import { friendRequestSchema, friendSchema } from '../api/friends';
import { envelope } from './registry';

export const friendsEnvelopes = {
  friendPresence: envelope('friendPresence', 'To their friends: someone came online or went offline', {
    userId: z.int(),
    isOnline: z.boolean(),
  }),
  friendRequestReceived: envelope('friendRequestReceived', 'To the person asked (every tab): a new friend request', {
    request: friendRequestSchema,
  }),
  friendRequestAccepted: envelope('friendRequestAccepted', 'To the asker (every tab): their request was accepted', {
    request: friendRequestSchema,
  }),
  friendAdded: envelope('friendAdded', 'To both new friends (every tab): the other, as a friend', {
    friend: friendSchema,
  }),
  friendRemoved: envelope(
    'friendRemoved',
    'To both people (every tab): a friendship ended or a request was withdrawn or declined',
    { userId: z.int(), requestId: z.nullable(z.int()) },
  ),
};
