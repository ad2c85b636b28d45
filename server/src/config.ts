import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './files/s3-blob-store';
import type { Clock } from './lib/clock';

/**
 * The only reader of process.env. Parsed once; a bad value stops the boot with a clear message.
 * Secrets not given are generated (>= 256 random bits) into DATA_DIR on first start and reused.
 */
/** Empty variables count as unset. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional(z.string().url()),
  /** Without DATABASE_URL: a PostgreSQL server the portal starts in DATA_DIR, or PGlite (docs/decisions/143). */
  DB_ENGINE: z.enum(['postgres', 'pglite']).default('postgres'),
  JWT_SECRET: optional(z.string().min(43)),
  /** Ed25519 seed (32 bytes, base64) that signs credentials and gate rosters (decision 122). */
  CREDENTIAL_SIGNING_KEY: optional(z.string().min(43)),
  PASSWORD_CIPHER_KEY: optional(z.string()),
  CAPTCHA_SECRET: optional(z.string().min(32)),
  /** Proof-of-work size: the widget tries up to this many counters (about 0.5 s in a browser at 100000). */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  SESSION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(8),
  SMTP_URL: optional(z.string()),
  MAIL_FROM: z.string().default('Proveedores <no-responder@proveedores.local>'),
  SST_MAILBOX: z.string().default('gestionsst@constructora.com.co'),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Strict-Transport-Security: auto = only on requests that came over TLS (docs/decisions/080). */
  HSTS: z.enum(['auto', 'true', 'false']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: optional(z.enum(['true', 'false'])),
  SEED_DEMO_SITE: optional(z.enum(['true', 'false'])),
  EXPIRY_WARNING_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Staff review and reminders (docs/decisions/060, 062)
  REVIEW_MAX_VALIDITY_DAYS: z.coerce.number().int().min(1).max(3650).default(730),
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(6),
  // Uploads per company (docs/decisions/085): files a minute (0 = no limit) and stored GiB
  UPLOAD_RATE_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(60),
  UPLOAD_QUOTA_GIB: z.coerce.number().positive().max(1_000_000).default(10),
  // Directory sign-in of staff (docs/decisions/064); unset LDAP_URL = local staff accounts only
  LDAP_URL: optional(z.string().regex(/^ldaps?:\/\//, 'must start with ldap:// or ldaps://')),
  LDAP_BIND_DN: optional(z.string()),
  LDAP_BIND_PASSWORD: optional(z.string()),
  LDAP_SEARCH_BASE: optional(z.string()),
  LDAP_USER_FILTER: z.string().default('(|(uid={username})(sAMAccountName={username}))'),
  LDAP_GROUPS_REVISOR: z.string().default(''),
  LDAP_GROUPS_ADMIN: z.string().default(''),
  /** Groups whose members are gate users ('porteria', decision 123). */
  LDAP_GROUPS_PORTERIA: z.string().default(''),
  LDAP_GROUP_SEARCH_BASE: optional(z.string()),
  LDAP_STARTTLS: z.enum(['true', 'false']).default('false'),
  LDAP_CA_FILE: optional(z.string()),
  LDAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Hours a gate day with an entry and no exit counts as (man-hours, decision 123). */
  TURNO_HORAS: z.coerce.number().positive().max(24).default(8),
  // S3-compatible object storage for uploaded files (docs/decisions/141); unset S3_BUCKET = DATA_DIR/files
  S3_BUCKET: optional(z.string().min(3)),
  S3_ENDPOINT: optional(z.string().url()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false'])),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, "must be empty or end with '/' (e.g. files/)")
    .default('files/'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** DB_ENGINE: what runs the embedded database when there is no DATABASE_URL (docs/decisions/143). */
  dbEngine: 'postgres' | 'pglite';
  /** When set, the database client uses this schema (tests isolate files this way on PostgreSQL). */
  databaseSchema?: string;
  jwtSecret: Uint8Array;
  /** Ed25519 seed (32 bytes) of the credential and roster signatures (decision 122). */
  credentialSigningSeed: Buffer;
  passwordCipherKey: Buffer;
  captchaSecret: string;
  captchaMaxNumber: number;
  sessionHours: number;
  smtpUrl?: string;
  mailFrom: string;
  sstMailbox: string;
  publicUrl: string;
  trustProxy: boolean;
  /** Strict-Transport-Security: on TLS requests only (request.protocol, which honours TRUST_PROXY), always, or never. */
  hsts: 'auto' | 'always' | 'never';
  logLevel: string;
  seedDemo: boolean;
  /**
   * With the demo accounts, the site-access demo (docs/decisions/130): a gate account and workers
   * on the first demo contract. Off by default under NODE_ENV=test: the tests reason about the demo
   * contractors' exact workers and submissions (a test that wants them sets SEED_DEMO_SITE=true).
   */
  seedDemoSite: boolean;
  expiryWarningDays: number;
  webDist?: string;
  /** Longest validity a reviewer may grant, in days from the approval date. */
  reviewMaxValidityDays: number;
  /** Hour (Colombia) from which the daily reminder digest is sent. */
  digestHour: number;
  /** Files one company may upload per minute; 0 = no limit (docs/decisions/085). */
  uploadRatePerMinute: number;
  /** Bytes one company may have stored (its submissions and annexes). */
  uploadQuotaBytes: number;
  /** Staff directory; undefined = local staff accounts only. */
  ldap?: LdapConfig;
  /** TURNO_HORAS: hours of a gate day without an exit (decision 123). */
  turnoHoras: number;
  /** Uploaded files in an S3-compatible bucket; undefined = DATA_DIR/files (docs/decisions/141). */
  s3?: S3Settings;
  /** Injected clock for time-dependent logic (tests); the system clock when absent. */
  clock?: Clock;
};

export type LdapConfig = {
  url: string;
  bindDn?: string;
  bindPassword?: string;
  searchBase: string;
  /** RFC 4515 filter; {username} is replaced by the escaped login name. */
  userFilter: string;
  /** Group DNs (lower case, normalised) mapped to each staff role. */
  groupsRevisor: string[];
  groupsAdmin: string[];
  /** Gate users (decision 123). */
  groupsPorteria: string[];
  /** When set, groups are also searched here by member / uniqueMember (directories without memberOf). */
  groupSearchBase?: string;
  startTls: boolean;
  caFile?: string;
  timeoutMs: number;
};

/** 'CN=A, OU=B;cn=c,ou=d' -> ['cn=a,ou=b', 'cn=c,ou=d']: DNs compared case- and space-insensitively. */
export function parseGroupDns(value: string): string[] {
  return value.split(';').map(normalizeDn).filter(Boolean);
}

export function normalizeDn(dn: string): string {
  return dn
    .trim()
    .toLowerCase()
    .replace(/\s*([,=+])\s*/g, '$1');
}

function ldapConfig(e: z.infer<typeof envSchema>): LdapConfig | undefined {
  if (!e.LDAP_URL) return undefined;
  if (!e.LDAP_SEARCH_BASE)
    throw new Error('Invalid configuration:\n  LDAP_SEARCH_BASE: required when LDAP_URL is set');
  const groupsRevisor = parseGroupDns(e.LDAP_GROUPS_REVISOR);
  const groupsAdmin = parseGroupDns(e.LDAP_GROUPS_ADMIN);
  const groupsPorteria = parseGroupDns(e.LDAP_GROUPS_PORTERIA);
  if (groupsRevisor.length + groupsAdmin.length === 0) {
    throw new Error(
      'Invalid configuration:\n  LDAP_GROUPS_REVISOR / LDAP_GROUPS_ADMIN: at least one group DN is required when LDAP_URL is set',
    );
  }
  return {
    url: e.LDAP_URL,
    bindDn: e.LDAP_BIND_DN,
    bindPassword: e.LDAP_BIND_PASSWORD,
    searchBase: e.LDAP_SEARCH_BASE,
    userFilter: e.LDAP_USER_FILTER,
    groupsRevisor,
    groupsAdmin,
    groupsPorteria,
    groupSearchBase: e.LDAP_GROUP_SEARCH_BASE,
    startTls: e.LDAP_STARTTLS === 'true',
    caFile: e.LDAP_CA_FILE,
    timeoutMs: e.LDAP_TIMEOUT_MS,
  };
}

function s3Config(e: z.infer<typeof envSchema>): S3Settings | undefined {
  if (!e.S3_BUCKET) {
    if (e.S3_ENDPOINT)
      throw new Error('Invalid configuration:\n  S3_BUCKET: required when S3_ENDPOINT is set');
    return undefined;
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new Error(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both, or neither (the SDK credential chain)',
    );
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    // Path-style (endpoint/bucket/key) suits MinIO, Ceph RGW and test servers; AWS wants virtual hosts.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
    prefix: e.S3_PREFIX,
  };
}

function secretFile(dataDir: string, name: string, bytes: number): Buffer {
  const file = path.join(dataDir, 'secrets', name);
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const value = randomBytes(bytes);
  writeFileSync(file, value.toString('base64'), { mode: 0o600, flag: 'wx' });
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const cipherKey = e.PASSWORD_CIPHER_KEY
    ? Buffer.from(e.PASSWORD_CIPHER_KEY, 'base64')
    : secretFile(dataDir, 'password-cipher.key', 32);
  if (cipherKey.length !== 32) throw new Error('PASSWORD_CIPHER_KEY must be 32 bytes in base64');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbEngine: e.DB_ENGINE,
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : secretFile(dataDir, 'jwt.key', 32),
    credentialSigningSeed: e.CREDENTIAL_SIGNING_KEY
      ? Buffer.from(e.CREDENTIAL_SIGNING_KEY, 'base64')
      : secretFile(dataDir, 'credential-signing.key', 32),
    passwordCipherKey: cipherKey,
    captchaSecret: e.CAPTCHA_SECRET ?? secretFile(dataDir, 'captcha.key', 32).toString('base64'),
    captchaMaxNumber: e.CAPTCHA_MAX_NUMBER,
    sessionHours: e.SESSION_HOURS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    sstMailbox: e.SST_MAILBOX,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY === 'true',
    hsts: e.HSTS === 'true' ? 'always' : e.HSTS === 'false' ? 'never' : 'auto',
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === 'true' : e.NODE_ENV !== 'production',
    seedDemoSite: e.SEED_DEMO_SITE ? e.SEED_DEMO_SITE === 'true' : e.NODE_ENV === 'development',
    expiryWarningDays: e.EXPIRY_WARNING_DAYS,
    reviewMaxValidityDays: e.REVIEW_MAX_VALIDITY_DAYS,
    digestHour: e.DIGEST_HOUR,
    uploadRatePerMinute: e.UPLOAD_RATE_PER_MINUTE,
    uploadQuotaBytes: Math.round(e.UPLOAD_QUOTA_GIB * 1024 ** 3),
    ldap: ldapConfig(e),
    turnoHoras: e.TURNO_HORAS,
    s3: s3Config(e),
    ...overrides,
  };
}
