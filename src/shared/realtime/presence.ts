/** Presence: who enters and leaves a room (one at a time, or several within a moment). */
import * as z from 'zod/mini';
import { onlineUserSchema } from '../entities/user';
import { envelope } from './registry';

const departedUserSchema = z.object({ id: z.int(), username: z.string() });

export const presenceEnvelopes = {
  userConnected: envelope('userConnected', 'One user entered the room', { roomId: z.string(), user: onlineUserSchema }),
  userDisconnected: envelope('userDisconnected', 'One user left the room', {
    roomId: z.string(),
    userId: z.int(),
    username: z.string(),
  }),
  usersConnected: envelope('usersConnected', 'Several arrivals within a moment (a reconnect storm), as one', {
    roomId: z.string(),
    users: z.array(onlineUserSchema),
  }),
  usersDisconnected: envelope('usersDisconnected', 'Several departures within a moment, as one', {
    roomId: z.string(),
    users: z.array(departedUserSchema),
  }),
  presenceChanged: envelope(
    'presenceChanged',
    'In a big room, who came and went in the last moment, at most once a second: the new total, the first arrivals and departures, and how many more were left out',
    {
      roomId: z.string(),
      total: z.int(),
      joined: z.array(onlineUserSchema),
      left: z.array(departedUserSchema),
      moreJoined: z.int(),
      moreLeft: z.int(),
    },
  ),
};
