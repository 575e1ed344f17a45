import type { FastifyInstance } from 'fastify';
import { voiceEndpoints } from '../../../shared/api/voice';
import { actorOf, route } from '../../http/route';
import type { SessionReader } from '../../http/route';
import type { VoiceService } from './voice.service';

export function registerVoiceRoutes(fastify: FastifyInstance, deps: { voice: VoiceService; cookies: SessionReader }) {
  const { voice } = deps;

  route(fastify, voiceEndpoints.config, deps, async ({ session }) => voice.config(session.user.id));
  route(fastify, voiceEndpoints.requestMic, deps, async ({ session, params }) => ({
    room: await voice.requestMic({ ...actorOf(session), gender: session.user.gender }, params.id),
  }));
  route(fastify, voiceEndpoints.lowerHand, deps, async ({ session, params }) => ({
    room: await voice.lowerHand(actorOf(session), params.id),
  }));
  route(fastify, voiceEndpoints.approve, deps, async ({ session, params, body }) => ({
    room: await voice.approve(actorOf(session), params.id, body.userId),
  }));
  route(fastify, voiceEndpoints.reject, deps, async ({ session, params, body }) => ({
    room: await voice.reject(actorOf(session), params.id, body.userId),
  }));
  route(fastify, voiceEndpoints.removeSpeaker, deps, async ({ session, params }) => ({
    room: await voice.removeSpeaker(actorOf(session), params.id, params.userId),
  }));
  route(fastify, voiceEndpoints.setHost, deps, async ({ session, params, body }) => ({
    room: await voice.setHost(actorOf(session), params.id, body.userId),
  }));
}
