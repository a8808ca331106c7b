import { isIP } from 'node:net';
import path from 'node:path';
import { type Language, LanguageSchema } from '@toolpass/contracts';
import { z } from 'zod';
import { type AllowedHosts, parseAllowedHosts } from '../platform/net/allowed-hosts.ts';

const LogLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * Which proxies' X-Forwarded-For is believed: a hop count or a list of proxy addresses (CIDR
 * allowed). "true" means one hop, the proxy in front of the server; never "any address", since
 * the leftmost entry is whatever the client wrote (issue 12).
 */
const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['', 'false', '0', 'no'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return 1;
    if (/^[0-9]{1,2}$/.test(value)) return Number(value);
    const addresses = value.split(',').map((part) => part.trim());
    const valid = addresses.every((address) => {
      const [ip, bits, ...rest] = address.split('/');
      const version = isIP(ip ?? '');
      if (version === 0 || rest.length > 0) return false;
      return bits === undefined || (/^[0-9]{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
    });
    if (!valid) {
      context.addIssue({
        code: 'custom',
        message: 'must be false, a number of proxy hops, or a comma-separated list of proxy addresses',
      });
      return z.NEVER;
    }
    return addresses;
  });

/** Where integrations may connect (decision 17): `external` unless set. */
const AllowedHostsSchema = z.string().transform((value, context): AllowedHosts => {
  const { hosts, invalid } = parseAllowedHosts(value);
  if (invalid.length > 0) {
    context.addIssue({
      code: 'custom',
      message:
        `"${invalid.join('", "')}" is not external, loopback, private, *, a CIDR range or a host name ` +
        '(a comma-separated list of those)',
    });
    return z.NEVER;
  }
  return hosts;
});

/** The environment the server reads once at start (architecture §Server). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  // Unset, it follows PORT (see loadConfig), so PORT alone gives working mail links.
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http or https address, e.g. https://tools.example.org' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Toolpass <toolpass@localhost>'),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters long').optional(),
  LOG_LEVEL: LogLevelSchema.default('info'),
  TRUST_PROXY: TrustProxySchema.default(false),
  // Hours an MQTT message is retried before it is dropped; fractions allowed (0.5 = 30 minutes).
  MQTT_MAX_MESSAGE_AGE_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be more than 0 hours')
    .max(24 * 365, 'must be at most a year (8760 hours)')
    .default(24),
  // What readers' displays speak (the readers design); the browser follows each member's own.
  DEFAULT_LANGUAGE: LanguageSchema.default('en'),
  ALLOWED_INTEGRATION_HOSTS: AllowedHostsSchema.default(parseAllowedHosts('external').hosts),
  // Plugins run with the server's rights (decision 20): "off" loads none and refuses installs.
  PLUGINS: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  secretKey: string | undefined;
  logLevel: z.infer<typeof LogLevelSchema>;
  /** False: the socket address counts. A hop count or proxy addresses: see TRUST_PROXY. */
  trustProxy: false | number | string[];
  /** How long an MQTT message is retried until the broker accepts it, in hours. */
  mqttMaxMessageAgeHours: number;
  /** The language of what the server says without a member to ask: readers' displays. */
  defaultLanguage: Language;
  /** Which addresses webhooks, MQTT servers and SSO providers may have (ALLOWED_INTEGRATION_HOSTS). */
  allowedIntegrationHosts: AllowedHosts;
  /** PLUGINS: whether installed plugins are loaded and new ones may be installed. */
  plugins: boolean;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads and checks the whole environment, listing every problem at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as in most .env files.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const value = result.data;
  return {
    port: value.PORT,
    host: value.HOST,
    publicUrl: value.PUBLIC_URL ?? `http://localhost:${value.PORT}`,
    dataDir: value.DATA_DIR,
    databaseUrl: value.DATABASE_URL,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    secretKey: value.SECRET_KEY,
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    mqttMaxMessageAgeHours: value.MQTT_MAX_MESSAGE_AGE_HOURS,
    defaultLanguage: value.DEFAULT_LANGUAGE,
    allowedIntegrationHosts: value.ALLOWED_INTEGRATION_HOSTS,
    plugins: value.PLUGINS === 'on',
  };
}

/**
 * The data folder as an absolute path. A relative DATA_DIR is relative to where the command was
 * started: npm runs the server's script inside apps/server but names the folder it was invoked
 * from in INIT_CWD, so `npm start` at the repository root keeps its data in ./data there.
 */
export function resolveDataDir(
  dataDir: string,
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): string {
  return path.resolve(env.INIT_CWD || cwd, dataDir);
}
