// `npm run backup`: one backup of the database the server uses (PostgreSQL at DATABASE_URL or the
// embedded PostgreSQL, while the site runs; PGlite with the site stopped) and of DATA_DIR's
// files, into BACKUP_DIR (default DATA_DIR/backups); then deletes backups older than
// BACKUP_KEEP_DAYS (30). See docs/deployment.md ("Backups") for the daily schedule.
import { ConfigError, loadConfig } from '../src/server/config';
import { BackupError, createBackup } from '../src/server/ops/backup';
import { runCommand } from './command';

async function main(): Promise<number> {
  if (process.argv.length > 2) {
    console.error('Usage: npm run backup   (configured by DATABASE_URL, DATA_DIR, BACKUP_DIR, BACKUP_KEEP_DAYS)');
    return 2;
  }
  // A secret given here keeps loadConfig from creating one in DATA_DIR: the backup copies the real one.
  const config = loadConfig(process.env, { sessionSecret: 'not-used-by-backups'.padEnd(32, '-') });
  const result = await createBackup(
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir, backupDir: config.backup.dir },
    { keepDays: config.backup.keepDays },
  );
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  console.log(`Backed up ${where} and ${result.manifest.files} files to ${result.path}`);
  if (result.removed.length)
    console.log(
      `Deleted ${result.removed.length} older than ${config.backup.keepDays} days: ${result.removed.join(', ')}`,
    );
  return 0;
}

runCommand(main, [BackupError, ConfigError], 'Backup failed: ');
