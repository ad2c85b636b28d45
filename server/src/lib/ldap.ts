import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { Client, InvalidCredentialsError, type Entry } from 'ldapts';
import { isGate, TYPEUSER, type TypeUser } from '@proveedores/domain';
import { normalizeDn, type LdapConfig } from '../config';
import type { Db } from '../db/client';
import { usuarios } from '../db/schema';
import { audit } from './audit';

/**
 * Staff sign-in against the company's directory (LDAP / Active Directory), docs/decisions/064:
 * bind as the service account, find the user by uid / sAMAccountName (configurable filter), bind
 * as the user with the given password, read the groups (memberOf, and optionally a group search),
 * map configured group DNs to a staff role (administrador over revisor over porteria, the site gate
 * role of docs/decisions/123). The outcome:
 *   ok          the directory vouches for the user and a mapped group gives the role
 *   rejected    the user exists there but the password is wrong or no mapped group applies
 *   absent      no such user in the directory (local staff accounts may still sign in)
 *   unavailable the directory could not be reached (local staff accounts may still sign in)
 */
export type DirectoryResult =
  | { status: 'ok'; username: string; nombre: string; correo: string; rol: DirectoryRole }
  | { status: 'rejected' | 'absent' | 'unavailable' };

export type DirectoryRole = Exclude<TypeUser, 'default'>;

/** RFC 4515 escaping of a value inside a search filter. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

const first = (v: Entry[string] | undefined): string | undefined => {
  const x = Array.isArray(v) ? v[0] : v;
  return x === undefined ? undefined : String(x);
};
const all = (v: Entry[string] | undefined): string[] =>
  v === undefined ? [] : (Array.isArray(v) ? v : [v]).map(String);

function client(cfg: LdapConfig): Client {
  const ca = cfg.caFile ? [readFileSync(cfg.caFile)] : undefined;
  return new Client({
    url: cfg.url,
    timeout: cfg.timeoutMs,
    connectTimeout: cfg.timeoutMs,
    tlsOptions: ca ? { ca } : undefined,
  });
}

async function open(cfg: LdapConfig): Promise<Client> {
  const c = client(cfg);
  if (cfg.startTls) await c.startTLS(cfg.caFile ? { ca: [readFileSync(cfg.caFile)] } : {});
  return c;
}

export function roleFor(cfg: LdapConfig, groupDns: string[]): DirectoryRole | null {
  const groups = new Set(groupDns.map(normalizeDn));
  if (cfg.groupsAdmin.some((g) => groups.has(g))) return TYPEUSER.ADMIN;
  if (cfg.groupsRevisor.some((g) => groups.has(g))) return TYPEUSER.REVISOR;
  if (cfg.groupsPorteria.some((g) => groups.has(g))) return TYPEUSER.PORTERIA;
  return null;
}

export async function directoryAuthenticate(
  cfg: LdapConfig,
  username: string,
  password: string,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<DirectoryResult> {
  // An empty password is an unauthenticated bind, which LDAP servers accept: never let it through.
  if (!password || !username) return { status: 'rejected' };
  const service = await open(cfg).catch((err: unknown) => err as Error);
  if (service instanceof Error) {
    log?.warn({ err: service.message }, 'directory unavailable');
    return { status: 'unavailable' };
  }
  let entry: Entry;
  let groupDns: string[];
  try {
    if (cfg.bindDn) await service.bind(cfg.bindDn, cfg.bindPassword ?? '');
    const filter = cfg.userFilter.replace(/\{username\}/g, escapeFilterValue(username));
    const { searchEntries } = await service.search(cfg.searchBase, {
      scope: 'sub',
      filter,
      sizeLimit: 2,
      attributes: ['uid', 'sAMAccountName', 'cn', 'displayName', 'mail', 'memberOf'],
    });
    if (searchEntries.length === 0) return { status: 'absent' };
    if (searchEntries.length > 1) return { status: 'rejected' };
    entry = searchEntries[0];
    groupDns = all(entry.memberOf);
    if (cfg.groupSearchBase) {
      const dn = escapeFilterValue(entry.dn);
      const groups = await service.search(cfg.groupSearchBase, {
        scope: 'sub',
        filter: `(|(member=${dn})(uniqueMember=${dn}))`,
        attributes: ['dn'],
      });
      groupDns = groupDns.concat(groups.searchEntries.map((g) => g.dn));
    }
  } catch (err) {
    log?.warn({ err: (err as Error).message }, 'directory search failed');
    return { status: 'unavailable' };
  } finally {
    await service.unbind().catch(() => {});
  }

  const user = await open(cfg).catch((err: unknown) => err as Error);
  if (user instanceof Error) return { status: 'unavailable' };
  try {
    await user.bind(entry.dn, password);
  } catch (err) {
    if (err instanceof InvalidCredentialsError) return { status: 'rejected' };
    log?.warn({ err: (err as Error).message }, 'directory user bind failed');
    return { status: 'rejected' };
  } finally {
    await user.unbind().catch(() => {});
  }

  const rol = roleFor(cfg, groupDns);
  if (!rol) return { status: 'rejected' };
  const login = (first(entry.uid) ?? first(entry.sAMAccountName) ?? username).trim().toLowerCase();
  return {
    status: 'ok',
    username: login,
    nombre: (first(entry.displayName) ?? first(entry.cn) ?? login).toUpperCase(),
    correo: first(entry.mail) ?? '',
    rol,
  };
}

/**
 * Directory sign-in plus the local row the session hangs on: created or updated with the role of
 * the directory's groups and no password hash (the directory stays the only judge of the password).
 * A local name that belongs to a provider company, or a locally disabled account, is never taken
 * over: the result is then 'rejected'.
 */
export async function directoryStaffSignIn(opts: {
  db: Db;
  ldap: LdapConfig;
  username: string;
  password: string;
  ip: string;
  log?: { warn: (obj: object, msg: string) => void };
}): Promise<DirectoryResult> {
  const result = await directoryAuthenticate(opts.ldap, opts.username, opts.password, opts.log);
  if (result.status !== 'ok') return result;
  const { db } = opts;
  const [existing] = await db
    .select({ id: usuarios.id, tipo: usuarios.tipo, empresaId: usuarios.empresaId, activo: usuarios.activo })
    .from(usuarios)
    .where(eq(usuarios.username, result.username))
    .limit(1);
  if (existing && (existing.empresaId !== null || !isGate(existing.tipo) || !existing.activo))
    return { status: 'rejected' };
  await db.transaction(async (tx) => {
    let id: number;
    if (existing) {
      await tx
        .update(usuarios)
        .set({ tipo: result.rol, nombre: result.nombre, ...(result.correo ? { correo: result.correo } : {}) })
        .where(eq(usuarios.id, existing.id));
      id = existing.id;
    } else {
      const [row] = await tx
        .insert(usuarios)
        .values({
          username: result.username,
          tipo: result.rol,
          nombre: result.nombre,
          correo: result.correo,
          passwordHash: null,
        })
        .onConflictDoNothing()
        .returning({ id: usuarios.id });
      if (!row) return;
      id = row.id;
    }
    if (!existing || existing.tipo !== result.rol) {
      await audit(
        tx,
        { usuarioId: id, ip: opts.ip },
        { evento: 'usuario.directorio', datos: { rol: result.rol, creado: !existing } },
      );
    }
  });
  return result;
}
