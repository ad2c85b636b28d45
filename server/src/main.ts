import { loadConfig } from './config';
import type { Database } from './db/client';
import { buildApp } from './app';
import { DEMO } from './db/seed';
import { DEMO_SITE } from './db/seed-demo-site';
import { startJobs } from './jobs';
import { warmFileCheckPool } from './lib/file-check';

function databaseLine(database: Database, dataDir: string): string {
  if (database.embeddedCluster) return `PostgreSQL embebido en ${database.embeddedCluster}`;
  if (database.kind === 'postgres') return 'PostgreSQL (DATABASE_URL)';
  if (database.fallback)
    return `PGlite embebido en ${dataDir} (PostgreSQL embebido no disponible: ${database.fallback})`;
  return `PGlite embebido en ${dataDir}`;
}

/** The only file that calls listen(). */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const stopJobs = startJobs(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopJobs();
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await app.close(); // closes the database too (PGlite checkpoint) and releases the data folder
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // The upload workers start now, not when the first upload is waiting for them (decision 147).
  warmFileCheckPool();
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Proveedores escuchando en ${url}`,
    `  Base de datos: ${databaseLine(app.database, config.dataDir)}`,
  ];
  if (config.seedDemo) {
    lines.push(
      '  Cuentas de demostración:',
      `    contratista  NIT ${DEMO.companies[0].nit}  contraseña ${DEMO.password}`,
      `    contratista  NIT ${DEMO.companies[1].nit}  contraseña ${DEMO.password}`,
      `    revisor      ${DEMO.reviewer.username}      contraseña ${DEMO.reviewerPassword}  (Ingreso funcionarios)`,
      `    administrador ${DEMO.admin.username}       contraseña ${DEMO.adminPassword}  (Ingreso funcionarios)`,
    );
    if (config.seedDemoSite)
      lines.push(
        `    portería     ${DEMO_SITE.porteria.username}    contraseña ${DEMO_SITE.porteria.password}  (Ingreso funcionarios; #/porteria)`,
      );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
