import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** How long a sign-on may take at the provider before its return is refused. */
export const SSO_TRANSACTION_LIFETIME_MS = 10 * 60 * 1000;
export const SSO_TRANSACTION_COOKIE = 'toolpass_sso';
/** Binds a sign-on code to the browser it was issued to (decision 14); read only by the exchange. */
export const SSO_BROWSER_COOKIE = 'toolpass_sso_browser';
const EXCHANGE_PATH = '/api/auth/sso/session';

/** A cookie's value in a Cookie header. */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** What the callback must get back from the browser that started the sign-on. */
const SsoTransactionSchema = z.object({
  providerId: z.number().int(),
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(1),
  redirectTo: z.string(),
  expiresAt: z.number(),
});
export type SsoTransaction = z.infer<typeof SsoTransactionSchema>;

/**
 * The sign-on transaction travels in a cookie signed with HMAC-SHA256 under a key derived from
 * SECRET_KEY (decision 14): any instance behind a load balancer can check the return, and nothing
 * is stored for sign-ons that are never finished. The values in it are single-use randoms of this
 * sign-on; the signature keeps them from being chosen by anyone but the server.
 */
export function createSsoTransactionCookie(options: {
  secretKey: string;
  secure: boolean;
  now: () => number;
}) {
  const key = Buffer.from(hkdfSync('sha256', options.secretKey, 'toolpass-sso-transaction', 'hmac', 32));
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    /** The cookie's value for a transaction. */
    seal(transaction: SsoTransaction): string {
      const payload = Buffer.from(JSON.stringify(transaction)).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },

    /** The transaction of a cookie value, or undefined when it was not signed here or has expired. */
    open(value: string | undefined): SsoTransaction | undefined {
      if (!value) return undefined;
      const [payload, signature, extra] = value.split('.');
      if (!payload || !signature || extra !== undefined) return undefined;
      const expected = sign(payload);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
      const transaction = SsoTransactionSchema.safeParse(parsed);
      if (!transaction.success || transaction.data.expiresAt <= options.now()) return undefined;
      return transaction.data;
    },

    /**
     * Sent only to the callback path, never readable by scripts; Lax so the top-level redirect
     * back from the provider carries it.
     */
    setHeader(value: string, callbackPath: string): string {
      const maxAge = Math.floor(SSO_TRANSACTION_LIFETIME_MS / 1000);
      return `${SSO_TRANSACTION_COOKIE}=${value}; Path=${callbackPath}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
    },

    clearHeader(callbackPath: string): string {
      return `${SSO_TRANSACTION_COOKIE}=; Path=${callbackPath}; Max-Age=0; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
    },

    /** The transaction cookie's value in a Cookie header. */
    read: (cookieHeader: string | undefined) => readCookie(cookieHeader, SSO_TRANSACTION_COOKIE),

    /**
     * The browser binding of a sign-on code: sent only to the exchange, never readable by
     * scripts, Strict since only the app's own POST needs it; it lives as long as the code.
     */
    browserHeader(value: string, maxAgeMs: number): string {
      return `${SSO_BROWSER_COOKIE}=${value}; Path=${EXCHANGE_PATH}; Max-Age=${Math.ceil(maxAgeMs / 1000)}; HttpOnly; SameSite=Strict${options.secure ? '; Secure' : ''}`;
    },

    clearBrowserHeader(): string {
      return `${SSO_BROWSER_COOKIE}=; Path=${EXCHANGE_PATH}; Max-Age=0; HttpOnly; SameSite=Strict${options.secure ? '; Secure' : ''}`;
    },

    readBrowser: (cookieHeader: string | undefined) => readCookie(cookieHeader, SSO_BROWSER_COOKIE),
  };
}

export type SsoTransactionCookie = ReturnType<typeof createSsoTransactionCookie>;
