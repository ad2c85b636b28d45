import path from 'node:path';
import { loadConfig } from '../config';
import { backup } from './backup';
import { restore } from './restore';

/** npm run backup -- [dest]   |   npm run restore -- <source>   (stop the server first when on PGlite) */
const [command, arg] = process.argv.slice(2);
const config = loadConfig();
try {
  if (command === 'backup') {
    const dest = path.resolve(arg ?? `backups/backup-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    const m = await backup({ dataDir: config.dataDir, dest, databaseUrl: config.databaseUrl });
    console.log(`Backup written to ${dest}: ${m.files.length} files, rows ${JSON.stringify(m.counts)}`);
  } else if (command === 'restore' && arg) {
    const r = await restore({
      source: path.resolve(arg),
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
    });
    console.log(
      `Restored into ${config.dataDir}: ${r.filesVerified} files verified, rows ${JSON.stringify(r.counts)}`,
    );
  } else {
    console.error('usage: npm run backup -- [dest] | npm run restore -- <source>');
    process.exit(2);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
