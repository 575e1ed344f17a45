/**
 * Voice rooms over HTTP (issue 12): the host-moderated microphone queue and the ICE servers a
 * browser connects through. The queue and the speakers live on the room (`hostId`, `speakers`,
 * `micQueue`) and every change reaches everyone as `roomUpdate roomChanged`.
 */
import * as z from 'zod/mini';
import { userIdParamSchema, userIdSchema } from '../entities/ids';
import { roomIdSchema, roomSchema } from '../entities/room';
import { endpoint } from './endpoint';

export const voiceRoomParamsSchema = z.object({ id: roomIdSchema });
export const voiceSpeakerParamsSchema = z.object({ id: roomIdSchema, userId: userIdParamSchema });
export const voiceTargetBodySchema = z.object({ userId: userIdSchema });
export const voiceHostBodySchema = z.object({ userId: z.nullable(userIdSchema) });

/** One entry of RTCConfiguration.iceServers. */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.optional(z.string()),
  credential: z.optional(z.string()),
});
export type IceServer = z.infer<typeof iceServerSchema>;

export const voiceConfigSchema = z.object({
  iceServers: z.array(iceServerSchema),
  /** Seconds the TURN credentials in `iceServers` stay valid (0: no TURN credentials issued). */
  credentialTtl: z.int(),
  maxSpeakers: z.int(),
  /** Seconds a speaker keeps the microphone before returning to the audience (0: no limit). */
  turnSeconds: z.int(),
});
export type VoiceConfig = z.infer<typeof voiceConfigSchema>;

const roomReply = z.object({ room: roomSchema });

export const voiceEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/api/voice/config',
    auth: 'session',
    reply: voiceConfigSchema,
    summary: 'ICE servers (TURN credentials issued per session, with an expiry), the speaker limit and turn length',
  }),
  requestMic: endpoint({
    method: 'POST',
    path: '/api/rooms/:id/mic/request',
    auth: 'session',
    params: voiceRoomParamsSchema,
    reply: roomReply,
    summary:
      'A listener in the voice session raises a hand (host and staff get `micRequested`); the host or staff take the microphone at once',
  }),
  lowerHand: endpoint({
    method: 'DELETE',
    path: '/api/rooms/:id/mic/request',
    auth: 'session',
    params: voiceRoomParamsSchema,
    reply: roomReply,
    summary: 'A listener lowers a raised hand',
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/rooms/:id/mic/approve',
    auth: 'session',
    params: voiceRoomParamsSchema,
    body: voiceTargetBodySchema,
    reply: roomReply,
    summary: 'Host or staff bring someone from the queue up (`micApproved`), within the speaker limit',
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/rooms/:id/mic/reject',
    auth: 'session',
    params: voiceRoomParamsSchema,
    body: voiceTargetBodySchema,
    reply: roomReply,
    summary: 'Host or staff turn down a raised hand (`micRejected`)',
  }),
  removeSpeaker: endpoint({
    method: 'DELETE',
    path: '/api/rooms/:id/speakers/:userId',
    auth: 'session',
    params: voiceSpeakerParamsSchema,
    reply: roomReply,
    summary: 'Host or staff send a speaker back to the audience, or a speaker steps down (`speakerRemoved`)',
  }),
  setHost: endpoint({
    method: 'PUT',
    path: '/api/rooms/:id/host',
    auth: 'session',
    params: voiceRoomParamsSchema,
    body: voiceHostBodySchema,
    reply: roomReply,
    summary: "Staff set (or clear) a broadcast room's host",
  }),
};
