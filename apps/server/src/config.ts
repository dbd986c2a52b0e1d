import path from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';
import type { S3Settings } from './storage/s3-storage.ts';

const flag = z
  .string()
  .optional()
  .transform((v) => v === undefined || !['0', 'false', 'no', 'off', ''].includes(v.toLowerCase()));

const optionalText = z
  .string()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** What STORAGE=s3 cannot do without (S3_ENDPOINT is optional: unset means Amazon S3 itself). */
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

function validCron(expression: string): boolean {
  try {
    new Cron(expression, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL deve começar com postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Intranet <intranet@rotasul.com.br>'),
  SEED_DEMO: flag,
  IT_EMAIL: z
    .string()
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The address people open the intranet at (https://intranet.empresa.com.br behind a proxy): the
   * set-up link printed at the first start uses it. Default http://localhost:PORT.
   */
  PUBLIC_URL: z
    .url({ error: 'PUBLIC_URL deve ser um endereço http(s)://' })
    .regex(/^https?:\/\//, 'PUBLIC_URL deve ser um endereço http(s)://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; served at / when present. */
  WEB_DIST: z.string().optional(),
  /** Behind a reverse proxy, trust X-Forwarded-For for rate limits. */
  TRUST_PROXY: flag.default(false),
  COOKIE_SECURE: flag.default(false),
  /**
   * In each 15-minute window: failed logins per client IP, and wrong passwords per person and
   * address (5 times as many, at least 50, per person from all addresses). Unset keeps the
   * defaults of platform/rate-limit.ts (200 per IP, 10 per person); `npm run bench` raises them.
   */
  RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_LOGIN_PER_USER: z.coerce.number().int().positive().optional(),
  /**
   * Free space, in MB, that uploads never take from the disk of DATA_DIR (default 1024 = 1 GiB):
   * below it, new uploads and further pieces of resumable ones answer 507.
   */
  DISK_FREE_FLOOR_MB: z.coerce.number().int().min(0).max(1_073_741_824).default(1024),
  /** Largest file accepted by the folder explorer, in MB (default 2048 = 2 GB). */
  FOLDER_UPLOAD_MAX_MB: z.coerce.number().int().positive().max(1_048_576).default(2048),
  /**
   * Server processes sharing the port (Node's cluster): 1 serves in this process; more fork that
   * many workers, each with its own database connections, so the machine's cores all answer.
   */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Where `npm run backup` and the schedule write archives (default DATA_DIR/backups). */
  BACKUP_DIR: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** When the server backs itself up (a cron expression, e.g. "0 2 * * *"); unset: never by itself. */
  BACKUP_CRON: z
    .string()
    .refine(validCron, 'BACKUP_CRON deve ser uma expressão cron válida, por exemplo "0 2 * * *"')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Archives of the schedule kept in BACKUP_DIR (the newest ones). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** The hour (0–23, São Paulo time) of the daily digest of Minhas pendências; default 7 (07:00). */
  DIGEST_HOUR: z.coerce
    .number({ error: 'DIGEST_HOUR deve ser uma hora de 0 a 23' })
    .int({ error: 'DIGEST_HOUR deve ser uma hora de 0 a 23' })
    .min(0, { error: 'DIGEST_HOUR deve ser uma hora de 0 a 23' })
    .max(23, { error: 'DIGEST_HOUR deve ser uma hora de 0 a 23' })
    .default(7),
  /**
   * The bearer token Prometheus sends to GET /metrics (at least 16 characters); unset, /metrics
   * answers 404 and nothing is counted.
   */
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN deve ter ao menos 16 caracteres')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Seconds a client has to send a request's headers. */
  HTTP_HEADERS_TIMEOUT_S: z.coerce.number().int().positive().max(600).default(20),
  /** Seconds a client has to send a whole request, body included (the largest upload on the slowest link). */
  HTTP_REQUEST_TIMEOUT_S: z.coerce.number().int().positive().max(86_400).default(3600),
  /** Seconds a connection may stay silent (nothing received or sent) before it is closed. */
  HTTP_IDLE_TIMEOUT_S: z.coerce.number().int().positive().max(3600).default(60),
  /** Where stored files live: `local` (DATA_DIR/files) or `s3` (a bucket of an S3-compatible store). */
  STORAGE: z.enum(['local', 's3'], { error: 'STORAGE deve ser local ou s3' }).default('local'),
  S3_ENDPOINT: z
    .url({ error: 'S3_ENDPOINT deve ser um endereço http(s)://' })
    .regex(/^https?:\/\//, 'S3_ENDPOINT deve ser um endereço http(s)://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag.default(false),
});

/** The settings, and each one STORAGE=s3 cannot do without named in Portuguese when missing. */
const settings = schema.superRefine((e, ctx) => {
  if (e.STORAGE !== 's3') return;
  for (const name of S3_REQUIRED)
    if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'obrigatório quando STORAGE=s3' });
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  seedDemo: boolean;
  itEmail: string | undefined;
  /** Where people open the intranet, without a trailing slash. */
  publicUrl: string;
  logLevel: string;
  webDist: string | undefined;
  trustProxy: boolean;
  cookieSecure: boolean;
  /** Overrides of the login rate limits (max attempts per window); undefined keeps the default. */
  rateLimitLoginPerIp: number | undefined;
  rateLimitLoginPerUser: number | undefined;
  /** Free bytes that uploads leave on the disk of DATA_DIR (507 below it). */
  diskFreeFloorBytes: number;
  /** Largest file the folder explorer accepts, in bytes. */
  folderUploadMaxBytes: number;
  /** Server processes (main.ts): 1, or the number of cluster workers. */
  workers: number;
  /** Backups: their folder, their schedule (none when unset) and how many the schedule keeps. */
  backupDir: string;
  backupCron: string | undefined;
  backupKeep: number;
  /** The hour (São Paulo) the daily digest goes out. */
  digestHour: number;
  /** The bearer token of GET /metrics; undefined: no metrics. */
  metricsToken: string | undefined;
  /** HTTP server timeouts, in milliseconds. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  /** Stored files: on the local disk (DATA_DIR/files) or in an S3-compatible bucket. */
  storage: { kind: 'local' } | ({ kind: 's3' } & S3Settings);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = settings.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO,
    itEmail: e.IT_EMAIL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    cookieSecure: e.COOKIE_SECURE,
    rateLimitLoginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
    rateLimitLoginPerUser: e.RATE_LIMIT_LOGIN_PER_USER,
    diskFreeFloorBytes: e.DISK_FREE_FLOOR_MB * 1024 * 1024,
    folderUploadMaxBytes: e.FOLDER_UPLOAD_MAX_MB * 1024 * 1024,
    workers: e.WORKERS,
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    backupCron: e.BACKUP_CRON,
    backupKeep: e.BACKUP_KEEP,
    digestHour: e.DIGEST_HOUR,
    metricsToken: e.METRICS_TOKEN,
    headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_S * 1000,
    // Node refuses a headers timeout longer than the request timeout.
    requestTimeoutMs: Math.max(e.HTTP_REQUEST_TIMEOUT_S, e.HTTP_HEADERS_TIMEOUT_S) * 1000,
    idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_S * 1000,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET ?? '',
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
  };
}
