/**
 * The voice part of the socket protocol (spec §7: webrtc-offer, webrtc-answer,
 * webrtc-ice-candidate, webrtc-request-offer; micRequested, micApproved, micRejected,
 * speakerRemoved), gathered into the registry by `protocol.ts`.
 *
 * A socket joins a room's voice session with `voiceJoin` (signed-in users, broadcast rooms, the
 * room the socket is in). Only then may it signal, and only to others in that session: the server
 * relays each signal to the target's sockets in the session with `senderId` set from the session
 * (a `senderId` in the payload is ignored).
 */
import * as z from 'zod/mini';
import { userIdSchema } from '../entities/ids';
import { roomIdSchema, roomSchema } from '../entities/room';
import { clientEvent, serverEvent } from './registry';

/** Largest SDP accepted (an Opus audio offer with candidates is 2–6 KB). */
export const SDP_MAX = 16_384;
/** Largest ICE candidate line. */
export const CANDIDATE_MAX = 1024;

const sdpSchema = z.string().check(z.minLength(1), z.maxLength(SDP_MAX));
const target = { roomId: roomIdSchema, targetUserId: userIdSchema, senderId: z.optional(z.unknown()) };

export const iceCandidateSchema = z.object({
  candidate: z.string().check(z.maxLength(CANDIDATE_MAX)),
  sdpMid: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  sdpMLineIndex: z.optional(z.nullable(z.int().check(z.gte(0), z.lte(64)))),
  usernameFragment: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
});
export type IceCandidate = z.infer<typeof iceCandidateSchema>;

export const webrtcOfferPayloadSchema = z.object({ ...target, sdp: sdpSchema });
export const webrtcAnswerPayloadSchema = z.object({ ...target, sdp: sdpSchema });
export const webrtcIcePayloadSchema = z.object({ ...target, candidate: iceCandidateSchema });
export const webrtcRequestOfferPayloadSchema = z.object(target);
export const voiceJoinPayloadSchema = z.object({ roomId: roomIdSchema });
export const voiceLeavePayloadSchema = z.object({ roomId: roomIdSchema });

const noData = z.object({});

/** Client → server voice events. */
export const voiceClientEvents = {
  voiceJoin: clientEvent(
    "Joins the room's voice session (signed-in users, broadcast rooms, the socket's room); as a listener",
    voiceJoinPayloadSchema,
    z.object({ room: roomSchema }),
  ),
  voiceLeave: clientEvent(
    'Leaves the voice session: off the speakers and the queue; listeners drop its streams',
    voiceLeavePayloadSchema,
    noData,
  ),
  'webrtc-offer': clientEvent(
    'An SDP offer to `targetUserId` in the same voice session; relayed with `senderId` from the session',
    webrtcOfferPayloadSchema,
    noData,
  ),
  'webrtc-answer': clientEvent('The SDP answer to an offer; relayed like an offer', webrtcAnswerPayloadSchema, noData),
  'webrtc-ice-candidate': clientEvent(
    'One ICE candidate for the connection with `targetUserId`; relayed like an offer',
    webrtcIcePayloadSchema,
    noData,
  ),
  'webrtc-request-offer': clientEvent(
    'Asks a speaker to send this socket an offer (on joining, or after a connection failed)',
    webrtcRequestOfferPayloadSchema,
    noData,
  ),
};

const relayed = { roomId: z.string(), senderId: z.int() };

/** Server → client voice events. */
export const voiceServerEvents = {
  'webrtc-offer': serverEvent(
    'An offer from `senderId` (set by the server)',
    z.object({ ...relayed, sdp: z.string() }),
  ),
  'webrtc-answer': serverEvent('An answer from `senderId`', z.object({ ...relayed, sdp: z.string() })),
  'webrtc-ice-candidate': serverEvent(
    'An ICE candidate from `senderId`',
    z.object({ ...relayed, candidate: iceCandidateSchema }),
  ),
  'webrtc-request-offer': serverEvent('`senderId` asks this speaker for an offer', z.object(relayed)),
  micRequested: serverEvent(
    'To the host and staff: someone in the voice session raised a hand (`gender` for the sentence)',
    z.object({ roomId: z.string(), userId: z.int(), username: z.string(), gender: z.nullable(z.string()) }),
  ),
  micApproved: serverEvent(
    'To the voice session: `userId` is now a speaker',
    z.object({ roomId: z.string(), userId: z.int() }),
  ),
  micRejected: serverEvent(
    'To the person (and the host and staff): the raised hand was turned down',
    z.object({ roomId: z.string(), userId: z.int() }),
  ),
  speakerRemoved: serverEvent(
    'To the voice session: `userId` no longer speaks (removed, stepped down, turn over, left, sanctioned)',
    z.object({
      roomId: z.string(),
      userId: z.int(),
      reason: z.enum(['removed', 'steppedDown', 'turnEnded', 'left', 'sanctioned']),
    }),
  ),
};

export type SpeakerRemovedReason = z.infer<(typeof voiceServerEvents)['speakerRemoved']['schema']>['reason'];
