import path from 'node:path';
import type { AuthModule } from '../auth';
import type { ImagesModule } from '../images';
import type { Core, Module } from '../module';
import type { PresenceModule } from '../presence';
import type { UsersModule } from '../users';
import { createAccountDataRepo } from './account-data.repo';
import { registerAccountRoutes } from './account.routes';
import { createAccountService } from './account.service';
import { createAvatarStore } from './avatars';
import { registerAvatarRoutes } from './avatars.routes';

export type AccountModule = Module;

/**
 * A person's rights over their own account (the privacy page: a copy of everything, deletion) and
 * their avatar. The export holds the core's sections and every section the listed modules add.
 */
export function createAccountModule(
  core: Core,
  deps: {
    users: Pick<UsersModule, 'repo'>;
    auth: Pick<AuthModule, 'sessions' | 'cookies'>;
    presence: Pick<PresenceModule, 'service'>;
    /** Pictures the person uploaded (messages, wall posts): their files go with the account. */
    images: Pick<ImagesModule, 'images'>;
    /** Every module of the app: the export adds each one's `exportSections`. */
    modules: () => readonly Module[];
  },
): AccountModule {
  // Several nodes must share this folder (a shared volume), as they share the database.
  const avatars = createAvatarStore(path.join(core.config.dataDir, 'uploads', 'avatars'));
  const account = createAccountService({
    users: deps.users.repo,
    data: createAccountDataRepo(core.db),
    sessions: deps.auth.sessions,
    presence: deps.presence.service,
    avatars,
    pictures: deps.images.images,
    bus: core.bus,
    exportSections: () =>
      Object.fromEntries(deps.modules().flatMap((module) => Object.entries(module.exportSections ?? {}))),
  });
  return {
    name: 'account',
    routes(fastify) {
      registerAccountRoutes(fastify, {
        account,
        cookies: deps.auth.cookies,
        attemptsPerMinute: core.config.authAttemptsPerMinute,
      });
      registerAvatarRoutes(fastify, { avatars });
    },
  };
}
