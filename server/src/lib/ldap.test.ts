import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Attribute, Change, Client } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@proveedores/domain';
import { loadConfig, normalizeDn, type LdapConfig } from '../config';
import { query } from '../db/client';
import { createTestApp, login, REVIEWER } from '../test/app';
import { directoryAuthenticate, escapeFilterValue } from './ldap';

/**
 * Directory sign-in against a real OpenLDAP (Debian slapd) started here on 127.0.0.1 with a
 * throwaway configuration and database. Skipped, with a message, only when slapd is not installed
 * (.ci/run installs it: apt-get install slapd ldap-utils).
 */
const SLAPD = '/usr/sbin/slapd';
const HAS_SLAPD = existsSync(SLAPD);
if (!HAS_SLAPD) console.warn(`LDAP tests skipped: ${SLAPD} not found (apt-get install -y slapd ldap-utils)`);

const BASE = 'dc=constructora,dc=test';
const ROOT = { dn: `cn=admin,${BASE}`, password: 'raiz-secreta' };
const SERVICE = { dn: `cn=svc-proveedores,ou=services,${BASE}`, password: 'servicio-secreto' };
const GROUPS = {
  revisores: `cn=sst-revisores,ou=groups,${BASE}`,
  admins: `cn=sst-administradores,ou=groups,${BASE}`,
  otros: `cn=contabilidad,ou=groups,${BASE}`,
  /** groupOfUniqueNames: not reflected in memberOf, found only by the group search. */
  auditores: `cn=sst-auditores,ou=groups,${BASE}`,
  /** Site gate users (docs/decisions/123). */
  porteria: `cn=porteria-obras,ou=groups,${BASE}`,
};
const PEOPLE = {
  laura: {
    uid: 'lmejia',
    password: 'Revisora#2026',
    display: 'Laura Patricia Mejía',
    mail: 'lmejia@constructora.test',
  },
  jorge: {
    uid: 'jsalazar',
    password: 'Admin#2026',
    display: 'Jorge Enrique Salazar',
    mail: 'jsalazar@constructora.test',
  },
  pedro: {
    uid: 'pperez',
    password: 'Contador#2026',
    display: 'Pedro Pérez',
    mail: 'pperez@constructora.test',
  },
  ana: {
    uid: 'atorres',
    password: 'Auditora#2026',
    display: 'Ana Torres',
    mail: 'atorres@constructora.test',
  },
  gabriel: {
    uid: 'gvargas',
    password: 'Porteria#2026',
    display: 'Gabriel Vargas',
    mail: 'gvargas@constructora.test',
  },
};
const personDn = (uid: string) => `uid=${uid},ou=people,${BASE}`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function slapdConfig(dir: string): string {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
modulepath /usr/lib/ldap
moduleload back_mdb
moduleload memberof
pidfile ${dir}/slapd.pid
argsfile ${dir}/slapd.args
database mdb
maxsize 16777216
suffix "${BASE}"
rootdn "${ROOT.dn}"
rootpw ${ROOT.password}
directory ${dir}/db
overlay memberof
access to attrs=userPassword by self read by anonymous auth by * none
access to * by dn.exact="${SERVICE.dn}" read by self read by * none
`;
}

async function seedDirectory(url: string) {
  const c = new Client({ url, timeout: 5000 });
  await c.bind(ROOT.dn, ROOT.password);
  await c.add(BASE, {
    objectClass: ['dcObject', 'organization'],
    dc: 'constructora',
    o: 'Constructora de Prueba',
  });
  for (const ou of ['people', 'groups', 'services'])
    await c.add(`ou=${ou},${BASE}`, { objectClass: 'organizationalUnit', ou });
  await c.add(SERVICE.dn, {
    objectClass: ['organizationalRole', 'simpleSecurityObject'],
    cn: 'svc-proveedores',
    userPassword: SERVICE.password,
  });
  for (const p of Object.values(PEOPLE)) {
    await c.add(personDn(p.uid), {
      objectClass: 'inetOrgPerson',
      uid: p.uid,
      cn: p.display,
      sn: p.display.split(' ').pop()!,
      displayName: p.display,
      mail: p.mail,
      userPassword: p.password,
    });
  }
  await c.add(GROUPS.revisores, {
    objectClass: 'groupOfNames',
    cn: 'sst-revisores',
    member: personDn('lmejia'),
  });
  await c.add(GROUPS.admins, {
    objectClass: 'groupOfNames',
    cn: 'sst-administradores',
    member: personDn('jsalazar'),
  });
  await c.add(GROUPS.otros, { objectClass: 'groupOfNames', cn: 'contabilidad', member: personDn('pperez') });
  await c.add(GROUPS.auditores, {
    objectClass: 'groupOfUniqueNames',
    cn: 'sst-auditores',
    uniqueMember: personDn('atorres'),
  });
  await c.add(GROUPS.porteria, {
    objectClass: 'groupOfNames',
    cn: 'porteria-obras',
    member: personDn('gvargas'),
  });
  await c.unbind();
}

describe.skipIf(!HAS_SLAPD)('directory sign-in (OpenLDAP)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'proveedores-slapd-'));
  let slapd: ChildProcess | undefined;
  const url = `ldap://127.0.0.1:${await freePort()}`;
  const cfg: LdapConfig = {
    url,
    bindDn: SERVICE.dn,
    bindPassword: SERVICE.password,
    searchBase: `ou=people,${BASE}`,
    userFilter: '(|(uid={username})(sAMAccountName={username}))',
    groupsRevisor: [normalizeDn(GROUPS.revisores)],
    groupsAdmin: [normalizeDn(GROUPS.admins)],
    groupsPorteria: [normalizeDn(GROUPS.porteria)],
    startTls: false,
    timeoutMs: 3000,
  };
  // Apps are built up front (building one does not talk to the directory).
  const app = await createTestApp({ ldap: cfg });
  const down = await createTestApp({
    ldap: { ...cfg, url: `ldap://127.0.0.1:${await freePort()}`, timeoutMs: 500 },
  });

  beforeAll(async () => {
    mkdirSync(path.join(dir, 'db'));
    writeFileSync(path.join(dir, 'slapd.conf'), slapdConfig(dir));
    // -d keeps slapd in the foreground, so this process owns it and stops it by its pid.
    slapd = spawn(SLAPD, ['-f', path.join(dir, 'slapd.conf'), '-h', `${url}/`, '-d', '0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    slapd.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    const deadline = Date.now() + 15_000;
    for (;;) {
      const c = new Client({ url, timeout: 1000, connectTimeout: 1000 });
      try {
        await c.bind(ROOT.dn, ROOT.password);
        await c.unbind();
        break;
      } catch {
        if (Date.now() > deadline || slapd.exitCode !== null)
          throw new Error(`slapd did not start: ${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await seedDirectory(url);
  }, 30_000);

  afterAll(async () => {
    if (slapd && slapd.exitCode === null) {
      const exited = new Promise((r) => slapd!.once('exit', r));
      slapd.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('binds, finds the user, checks the password and maps groups to roles', async () => {
    expect(await directoryAuthenticate(cfg, 'lmejia', PEOPLE.laura.password)).toEqual({
      status: 'ok',
      username: 'lmejia',
      nombre: 'LAURA PATRICIA MEJÍA',
      correo: 'lmejia@constructora.test',
      rol: 'revisor',
    });
    expect(await directoryAuthenticate(cfg, 'JSalazar', PEOPLE.jorge.password)).toMatchObject({
      status: 'ok',
      username: 'jsalazar',
      rol: 'administrador',
    });
  });

  it('refuses wrong passwords, empty passwords, users without a mapped group and filter injection', async () => {
    expect(await directoryAuthenticate(cfg, 'lmejia', 'incorrecta')).toEqual({ status: 'rejected' });
    expect(await directoryAuthenticate(cfg, 'lmejia', '')).toEqual({ status: 'rejected' });
    expect(await directoryAuthenticate(cfg, 'pperez', PEOPLE.pedro.password)).toEqual({ status: 'rejected' });
    expect(await directoryAuthenticate(cfg, 'nadie', 'x')).toEqual({ status: 'absent' });
    expect(await directoryAuthenticate(cfg, '*', PEOPLE.laura.password)).toEqual({ status: 'absent' });
    expect(await directoryAuthenticate(cfg, 'lmejia)(uid=*', PEOPLE.laura.password)).toEqual({
      status: 'absent',
    });
    expect(escapeFilterValue('a*b(c)\\d')).toBe('a\\2ab\\28c\\29\\5cd');
    // A wrong service password or an unreachable server is 'unavailable', never 'ok'.
    expect(
      await directoryAuthenticate({ ...cfg, bindPassword: 'mala' }, 'lmejia', PEOPLE.laura.password),
    ).toEqual({ status: 'unavailable' });
    const closed = await freePort();
    expect(
      await directoryAuthenticate(
        { ...cfg, url: `ldap://127.0.0.1:${closed}` },
        'lmejia',
        PEOPLE.laura.password,
      ),
    ).toEqual({ status: 'unavailable' });
  });

  it('finds groups by member / uniqueMember when a group search base is configured', async () => {
    const withSearch = {
      ...cfg,
      groupsAdmin: [normalizeDn(GROUPS.auditores)],
      groupSearchBase: `ou=groups,${BASE}`,
    };
    expect(await directoryAuthenticate(cfg, 'atorres', PEOPLE.ana.password)).toEqual({ status: 'rejected' });
    expect(await directoryAuthenticate(withSearch, 'atorres', PEOPLE.ana.password)).toMatchObject({
      status: 'ok',
      rol: 'administrador',
    });
    expect(await directoryAuthenticate(withSearch, 'lmejia', PEOPLE.laura.password)).toMatchObject({
      status: 'ok',
      rol: 'revisor',
    });
  });

  describe('through POST /api/login/authenticatead', () => {
    let ip = 0;
    const nextIp = () => `10.9.${Math.floor(++ip / 200)}.${ip % 200}`;
    const signIn = (
      target: typeof app,
      username: string,
      password: string,
      path = '/api/login/authenticatead',
    ) => login(target, { username, password, path }, nextIp());
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

    it('signs directory staff in with the role of their groups and a local row without password', async () => {
      const res = await signIn(app, 'lmejia', PEOPLE.laura.password);
      expect(res.statusCode, res.body).toBe(200);
      const token = res.json().token as string;
      expect(claims(token)).toMatchObject({
        unique_name: 'lmejia',
        typeuser: 'revisor',
        given_name: 'LAURA PATRICIA MEJÍA',
        email: 'lmejia@constructora.test',
      });
      const [row] = await query<{ tipo: string; password_hash: string | null; empresa_id: number | null }>(
        app.db,
        sql`SELECT tipo, password_hash, empresa_id FROM usuarios WHERE username = 'lmejia'`,
      );
      expect(row).toEqual({ tipo: 'revisor', password_hash: null, empresa_id: null });
      const headers = { authorization: `Bearer ${token}` };
      expect((await app.inject({ method: 'GET', url: '/api/revision/pendientes', headers })).statusCode).toBe(
        200,
      );
      expect(
        (await app.inject({ method: 'POST', url: '/api/admin/requisitos/1/retirar', headers })).statusCode,
      ).toBe(403);

      const admin = await signIn(app, 'jsalazar', PEOPLE.jorge.password);
      expect(claims(admin.json().token).typeuser).toBe('administrador');
      const adminHeaders = { authorization: `Bearer ${admin.json().token}` };
      expect(
        (await app.inject({ method: 'GET', url: '/api/admin/requisitos/1', headers: adminHeaders }))
          .statusCode,
      ).toBe(200);

      // A group change in the directory changes the role at the next sign-in.
      const c = new Client({ url });
      await c.bind(ROOT.dn, ROOT.password);
      await c.modify(
        GROUPS.admins,
        new Change({
          operation: 'add',
          modification: new Attribute({ type: 'member', values: [personDn('lmejia')] }),
        }),
      );
      await c.unbind();
      const promoted = await signIn(app, 'LMEJIA', PEOPLE.laura.password);
      expect(claims(promoted.json().token)).toMatchObject({
        unique_name: 'lmejia',
        typeuser: 'administrador',
      });
      const audits = await query<{ n: number }>(
        app.db,
        sql`SELECT count(*)::int AS n FROM auditoria WHERE evento = 'usuario.directorio'`,
      );
      expect(audits[0].n).toBe(3); // laura created, jorge created, laura promoted
    });

    it('fails exactly like any other login failure', async () => {
      const failures = [
        await signIn(app, 'lmejia', 'incorrecta'),
        await signIn(app, 'pperez', PEOPLE.pedro.password), // no mapped group
        await signIn(app, 'desconocido', 'Cualquiera1'),
        await signIn(app, '900123456', 'Demo2026!proveedor'), // a contractor on the staff route
      ];
      for (const f of failures) {
        expect(f.statusCode).toBe(401);
        const { requestId: _ignored, ...body } = f.json();
        expect(body).toEqual({ message: MSG.loginFailed, code: 'unauthorized' });
      }
      const [row] = await query<{ n: number }>(
        app.db,
        sql`SELECT count(*)::int AS n FROM usuarios WHERE username IN ('pperez', 'desconocido')`,
      );
      expect(row.n).toBe(0);
    });

    it('local staff accounts keep working when the directory does not know them or is down', async () => {
      expect((await signIn(app, REVIEWER.username, REVIEWER.password)).statusCode).toBe(200);
      expect((await signIn(down, REVIEWER.username, REVIEWER.password)).statusCode).toBe(200);
      expect((await signIn(down, 'lmejia', PEOPLE.laura.password)).statusCode).toBe(401);
      // A local provider account is never taken over by a directory user of the same name.
      expect(
        (await signIn(app, '900123456', 'Demo2026!proveedor', '/api/login/authenticate?permiso=1'))
          .statusCode,
      ).toBe(200);
    });

    it("signs members of the gate groups in as 'porteria', who reach the gate and nothing else", async () => {
      expect(await directoryAuthenticate(cfg, 'gvargas', PEOPLE.gabriel.password)).toMatchObject({
        status: 'ok',
        rol: 'porteria',
      });
      const res = await signIn(app, 'gvargas', PEOPLE.gabriel.password);
      expect(res.statusCode, res.body).toBe(200);
      expect(claims(res.json().token)).toMatchObject({ unique_name: 'gvargas', typeuser: 'porteria' });
      const headers = { authorization: `Bearer ${res.json().token}` };
      const status = async (url: string) => (await app.inject({ method: 'GET', url, headers })).statusCode;
      // No project yet: an administrator assigns them (PUT /api/admin/porteria/{id}/proyectos).
      expect((await app.inject({ method: 'GET', url: '/api/porteria/proyectos', headers })).json()).toEqual(
        [],
      );
      expect(await status('/api/revision/pendientes')).toBe(403);
      expect(await status('/api/contratista')).toBe(403);
      expect(await status('/api/contratista/opciones_menu')).toBe(403);
      // Admin or reviewer groups win over the gate group.
      const c = new Client({ url });
      await c.bind(ROOT.dn, ROOT.password);
      await c.modify(
        GROUPS.porteria,
        new Change({
          operation: 'add',
          modification: new Attribute({ type: 'member', values: [personDn('lmejia')] }),
        }),
      );
      await c.unbind();
      expect(await directoryAuthenticate(cfg, 'lmejia', PEOPLE.laura.password)).toMatchObject({
        rol: 'administrador',
      });
    });
  });
});

describe('LDAP configuration', () => {
  it('is off without LDAP_URL; with it, needs a search base and group DNs; DNs are normalised', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'proveedores-cfg-'));
    try {
      const env = { NODE_ENV: 'test' as const };
      expect(loadConfig(env, { dataDir }).ldap).toBeUndefined();
      expect(() => loadConfig({ ...env, LDAP_URL: 'ldap://dc.constructora.test' }, { dataDir })).toThrow(
        /LDAP_SEARCH_BASE/,
      );
      expect(() =>
        loadConfig({ ...env, LDAP_URL: 'ldap://dc', LDAP_SEARCH_BASE: 'dc=x' }, { dataDir }),
      ).toThrow(/LDAP_GROUPS_REVISOR/);
      expect(() => loadConfig({ ...env, LDAP_URL: 'http://dc' }, { dataDir })).toThrow(/LDAP_URL/);
      const c = loadConfig(
        {
          ...env,
          LDAP_URL: 'ldaps://dc.constructora.test:636',
          LDAP_SEARCH_BASE: 'DC=constructora,DC=test',
          LDAP_GROUPS_REVISOR: 'CN=Revisores SST, OU=Grupos,DC=constructora,DC=test; cn=otros,dc=test',
          LDAP_GROUPS_ADMIN: 'CN=Admins SST,OU=Grupos,DC=constructora,DC=test',
        },
        { dataDir },
      );
      expect(c.ldap).toMatchObject({
        url: 'ldaps://dc.constructora.test:636',
        groupsRevisor: ['cn=revisores sst,ou=grupos,dc=constructora,dc=test', 'cn=otros,dc=test'],
        groupsAdmin: ['cn=admins sst,ou=grupos,dc=constructora,dc=test'],
        userFilter: '(|(uid={username})(sAMAccountName={username}))',
        startTls: false,
      });
      expect(loadConfig(env, { dataDir })).toMatchObject({ reviewMaxValidityDays: 730, digestHour: 6 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
