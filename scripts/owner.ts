// `npm run owner -- <username>`: makes that member the site's owner, creating the member if there
// is none. Works on the database the server uses: PostgreSQL at DATABASE_URL, else the embedded
// one in DATA_DIR (PostgreSQL: while the site runs too; PGlite: stop the server first, it takes
// one process at a time).
// The password of a new member comes from OWNER_PASSWORD, or is asked on the terminal unseen.
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { passwordForNewOwner } from '../src/server/owner/ask-password';
import { makeOwner, OwnerError } from '../src/server/owner/make-owner';
import { runCommand } from './command';

async function main(): Promise<number> {
  const username = process.argv[2];
  if (!username || process.argv.length > 3) {
    console.error('Usage: npm run owner -- <username>   (quote a name that has spaces)');
    return 2;
  }
  const config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: false,
    embedded: config.embeddedDatabase,
    role: 'tool',
  });
  try {
    const { outcome, user } = await makeOwner(database.db, username, () => passwordForNewOwner());
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
    const said = {
      created: 'created as the owner',
      promoted: 'is now the owner (open pages follow at their next sign-in or reconnection)',
      unchanged: 'was already the owner',
    }[outcome];
    console.log(`${user.username} (id ${user.id}) ${said}, in ${where}.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, [OwnerError, ConfigError]);
