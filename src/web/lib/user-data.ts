/**
 * The name of a user's IndexedDB database (one per user, so one account on a shared browser never
 * sees another's) and its removal on logout. Kept tiny and free of Dexie: the session code that
 * calls it is in every page's up-front script (within its size budget), the database code only in
 * the chat.
 */
export const userDatabaseName = (userId: number): string => `majlis-user-${userId}`;

/**
 * Logout: the user's local data goes with the session. Not awaited: IndexedDB runs the deletion
 * before any later open of the same database, and Dexie closes open handles on `versionchange`.
 */
export function forgetUserData(userId: number): void {
  try {
    indexedDB.deleteDatabase(userDatabaseName(userId));
  } catch {
    // No IndexedDB here: nothing was kept.
  }
}
