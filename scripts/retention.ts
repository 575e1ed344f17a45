// `npm run retention`: one retention pass now against the database the server uses (PostgreSQL at
// DATABASE_URL, else the embedded one in DATA_DIR: PostgreSQL while the site runs too, PGlite with the
// server stopped, it takes one process at a time), with the periods of RETENTION_*_DAYS; prints what it deleted.
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { formatRetentionRun, runRetentionOnce } from '../src/server/retention-pass';
import { runCommand } from './command';

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: false,
    embedded: config.embeddedDatabase,
    role: 'tool',
  });
  try {
    const run = await runRetentionOnce(database.db, config, {
      onError: (kind, error) => console.error(`${kind}:`, error),
    });
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
    const { publicDays, privateDays, securityDays } = config.retention;
    console.log(`In ${where}; kept: public ${publicDays} d, private ${privateDays} d, security ${securityDays} d.`);
    console.log(formatRetentionRun(run));
    return run.failed.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

runCommand(main, [ConfigError]);
