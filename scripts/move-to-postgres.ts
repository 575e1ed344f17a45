// `npm run move-to-postgres`: moves a site made on PGlite (DATA_DIR/pglite) to the embedded
// PostgreSQL, with the site stopped. Every row and sequence is copied and counted; PGlite's folder
// is then renamed (kept until you delete it), so the next start uses PostgreSQL. Back up first.
import { ConfigError, loadConfig } from '../src/server/config';
import { BackupError } from '../src/server/ops/backup';
import { moveToEmbeddedPostgres } from '../src/server/ops/move-database';
import { runCommand } from './command';

async function main(): Promise<number> {
  if (process.argv.length > 2) {
    console.error('Usage: npm run move-to-postgres   (configured by DATA_DIR; the site stopped)');
    return 2;
  }
  // A secret given here keeps loadConfig from creating one: the site's own stays as it is.
  const config = loadConfig(process.env, { sessionSecret: 'not-used-by-the-move'.padEnd(32, '-') });
  if (config.databaseUrl) throw new BackupError('DATABASE_URL is set: this site does not use the embedded database.');
  const result = await moveToEmbeddedPostgres(config.dataDir);
  console.log(
    `Moved ${result.rows} rows in ${result.tables} tables from PGlite to the embedded PostgreSQL in ${config.dataDir}. ` +
      `PGlite's folder is now ${result.setAside}: delete it once the site runs well. Start the site now.`,
  );
  if (result.skipped.length > 0)
    console.log(`Not moved, made again by the site when it starts: ${result.skipped.join(', ')}.`);
  return 0;
}

runCommand(main, [BackupError, ConfigError], 'Move failed: ');
