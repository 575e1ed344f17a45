import { toOnlineUser, type OnlineUser, type PublicUser } from '../../../shared/entities/user';
import type { Actor } from '../../../shared/policy';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { NO_RESTRICTIONS, restrictionsOf, type Restrictions, type SanctionsRepo } from '../moderation';
import { toPublicUser } from './users.presenter';
import type { UsersRepo } from './users.repo';

/** A connected user as this node knows them now: what every socket check reads. */
export interface LiveUser {
  row: UserRow;
  actor: Actor;
  public: PublicUser;
  online: OnlineUser;
  /** Sanctions in force on the account (kick, ban, block, mute), checked on every action. */
  restrictions: Restrictions;
}

interface Held {
  current: LiveUser;
  sockets: number;
  /** A reload in flight: checks wait for it, so none decides on an outdated record. */
  reloading?: Promise<LiveUser>;
}

function live(row: UserRow, restrictions: Restrictions): LiveUser {
  const user = toPublicUser(row, true);
  const online = row.isHidden ? { ...toOnlineUser(user), isHidden: true } : toOnlineUser(user);
  return { row, actor: { id: row.id, role: row.role }, public: user, online, restrictions };
}

/**
 * The current record of every user with a socket on this node, shared by all their sockets. A
 * socket's identity is not a snapshot from its handshake: a change made on this node replaces
 * the record at once (`update`), a change made on another node makes this one reload it from the
 * database (`reload`), and checks made meanwhile wait for the reload.
 */
export function createLiveUsers(deps: {
  users: UsersRepo;
  sanctions: Pick<SanctionsRepo, 'inForceOnUsers'>;
  clock: Clock;
  /** Called after a held user's record changed, e.g. to refresh their presence entries. */
  onChange: (user: LiveUser) => void;
  onError: (error: unknown) => void;
}) {
  const held = new Map<number, Held>();

  function replace(entry: Held, row: UserRow, restrictions: Restrictions): LiveUser {
    entry.current = live(row, restrictions);
    deps.onChange(entry.current);
    return entry.current;
  }

  async function read(userId: number): Promise<{ row: UserRow; restrictions: Restrictions } | null> {
    const [row, rows] = await Promise.all([
      deps.users.findById(userId),
      deps.sanctions.inForceOnUsers([userId], new Date(deps.clock.now())),
    ]);
    return row ? { row, restrictions: restrictionsOf(rows, userId) } : null;
  }

  return {
    /** A socket of this user connected, with the row and sanctions its handshake just read. */
    hold(row: UserRow, restrictions: Restrictions = NO_RESTRICTIONS): LiveUser {
      const entry = held.get(row.id);
      if (!entry) {
        const created = { current: live(row, restrictions), sockets: 1 };
        held.set(row.id, created);
        return created.current;
      }
      entry.sockets++;
      return entry.current;
    },

    release(userId: number): void {
      const entry = held.get(userId);
      if (entry && --entry.sockets <= 0) held.delete(userId);
    },

    /**
     * The user's current record. Only users with a socket here are held: an event that arrives
     * after its socket went finds nobody, and is refused quietly.
     */
    current(userId: number): LiveUser | Promise<LiveUser> {
      const entry = held.get(userId);
      if (!entry) throw new AppError('UNAUTHORIZED', 401);
      return entry.reloading ?? entry.current;
    },

    /**
     * The user's current record whether or not they have a socket here (an HTTP request): the
     * held one, else read from the database with the sanctions in force now.
     */
    async lookup(userId: number): Promise<LiveUser> {
      const entry = held.get(userId);
      if (entry) return entry.reloading ?? entry.current;
      const found = await read(userId);
      if (!found) throw new AppError('UNAUTHORIZED', 401);
      return live(found.row, found.restrictions);
    },

    /** A change made on this node, with the row the service just wrote. */
    update(row: UserRow): void {
      const entry = held.get(row.id);
      if (entry) replace(entry, row, entry.current.restrictions);
    },

    /**
     * A change made elsewhere (another node), or to the user's sanctions: read the row and the
     * sanctions again if we hold the user; checks meanwhile wait for them.
     */
    reload(userId: number): Promise<void> {
      const entry = held.get(userId);
      if (!entry) return Promise.resolve();
      const reloading = read(userId).then(
        (fresh) => (fresh ? replace(entry, fresh.row, fresh.restrictions) : entry.current),
        (error: unknown) => {
          deps.onError(error);
          return entry.current;
        },
      );
      entry.reloading = reloading;
      void reloading.then(() => {
        if (entry.reloading === reloading) entry.reloading = undefined;
      });
      return reloading.then(() => undefined);
    },

    heldUserIds(): number[] {
      return [...held.keys()];
    },
  };
}

export type LiveUsers = ReturnType<typeof createLiveUsers>;
