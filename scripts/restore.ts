// `npm run restore -- <backup>`: puts a backup made by `npm run backup` (a folder, or its name in
// BACKUP_DIR) back into an empty DATA_DIR and, with DATABASE_URL, an empty PostgreSQL database.
// It refuses a target that holds anything, before writing. Start the server afterwards.
import { ConfigError, loadConfig } from '../src/server/config';
import { BackupError, restoreBackup } from '../src/server/ops/backup';
import { runCommand } from './command';

async function main(): Promise<number> {
  const given = process.argv[2];
  if (!given || process.argv.length > 3) {
    console.error('Usage: npm run restore -- <backup folder, or its name in BACKUP_DIR>');
    return 2;
  }
  // A secret given here keeps loadConfig from creating one in the empty DATA_DIR: the backup holds it.
  const config = loadConfig(process.env, { sessionSecret: 'not-used-by-backups'.padEnd(32, '-') });
  const manifest = await restoreBackup(
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir, backupDir: config.backup.dir },
    given,
  );
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.files} files) into ${where}. Start the server now.`,
  );
  return 0;
}

runCommand(main, [BackupError, ConfigError], 'Restore failed: ');
