import path from 'node:path';
import { loadConfig } from '../config';
import { backup } from './backup';
import { restore } from './restore';
import { parseProyectos, setStaffProjects, upsertStaff } from './staff';
import { openDatabase } from '../db/client';

/**
 * npm run backup -- [dest]   |   npm run restore -- <source>   (stop the server first when on PGlite)
 * npm run staff -- <usuario> <revisor|administrador|porteria> <correo> [nombre] [--proyectos 3,5]
 * npm run staff -- proyectos <usuario> <3,5 | ->     (a gate user's projects; '-': none)
 */
const [command, arg, ...rest] = process.argv.slice(2);
const config = loadConfig();
try {
  if (command === 'backup') {
    const dest = path.resolve(arg ?? `backups/backup-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    const m = await backup({ dataDir: config.dataDir, dest, databaseUrl: config.databaseUrl, s3: config.s3 });
    console.log(
      `Backup written to ${dest}: ${m.files.length} files (from ${m.storage}), rows ${JSON.stringify(m.counts)}`,
    );
  } else if (command === 'restore' && arg) {
    const r = await restore({
      source: path.resolve(arg),
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      s3: config.s3,
    });
    console.log(
      `Restored into ${config.dataDir}: ${r.filesVerified} files verified, rows ${JSON.stringify(r.counts)}`,
    );
  } else if (command === 'staff' && arg === 'proyectos' && rest.length === 2) {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      engine: config.dbEngine,
    });
    try {
      const r = await setStaffProjects(database.db, rest[0], parseProyectos(rest[1]));
      console.log(
        `Proyectos de ${r.username}: ${r.proyectos.map((p) => `${p.id} ${p.descripcion}`).join(', ') || 'ninguno'}`,
      );
    } finally {
      await database.close();
    }
  } else if (command === 'staff' && arg && rest.length >= 2) {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      engine: config.dbEngine,
    });
    try {
      const flag = rest.indexOf('--proyectos');
      const proyectos = flag >= 0 ? parseProyectos(rest[flag + 1] ?? '') : undefined;
      const [rol, correo, ...nombre] = flag >= 0 ? [...rest.slice(0, flag), ...rest.slice(flag + 2)] : rest;
      const r = await upsertStaff(database.db, {
        username: arg,
        rol,
        correo,
        nombre: nombre.join(' '),
        proyectos,
      });
      console.log(
        `${r.created ? 'Cuenta creada' : 'Contraseña nueva'}: ${arg.trim().toLowerCase()} (${rol}). ` +
          `Contraseña temporal (se muestra una sola vez; se cambia al ingresar por 'Ingreso funcionarios'): ${r.password}`,
      );
    } finally {
      await database.close();
    }
  } else {
    console.error(
      'usage: npm run backup -- [dest] | npm run restore -- <source> | npm run staff -- <usuario> <revisor|administrador|porteria> <correo> [nombre] [--proyectos 3,5] | npm run staff -- proyectos <usuario> <3,5|->',
    );
    process.exit(2);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
