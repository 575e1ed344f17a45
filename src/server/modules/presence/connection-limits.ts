import type { ConnectionLimits } from '../../realtime/io';
import type { PresenceStore } from './presence.store';

/**
 * How many sockets one user, and one address, may hold across the whole site. A user's tabs are
 * few; an address is shared by everyone behind one mobile carrier's NAT, so it gets more.
 */
export function createConnectionLimits(
  store: PresenceStore,
  max: { perUser: number; perAddress: number },
): ConnectionLimits {
  return {
    async admit(userId, address) {
      const counts = await store.addConnection(userId, address);
      if (counts.user <= max.perUser && counts.address <= max.perAddress) return true;
      await store.removeConnection(userId, address);
      return false;
    },
    release: (userId, address) => store.removeConnection(userId, address),
  };
}
