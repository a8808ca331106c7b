import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata } from 'oidc-provider';

/** A person the test provider knows; the claims it tells the relying party. */
export type OidcTestAccount = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
};

export type OidcTestClient = { clientId: string; clientSecret: string; redirectUris: string[] };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function loginPage(action: string, error?: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Test provider sign-in</title></head>
<body>
<main>
<h1>Test provider sign-in</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="login">Provider username</label>
<input id="login" name="login" autocomplete="off" required>
<button type="submit">Continue</button>
</form>
</main>
</body>
</html>`;
}

async function formBody(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real, certified OpenID Provider (oidc-provider) on a loopback port, for tests of single
 * sign-on. Its login page asks only for the account's name (the account must be known); consent
 * is granted at once for the scopes asked. With `path`, it answers under that path, as a Keycloak
 * realm does (`/realms/{realm}`); with `discovery: false` it has no discovery document.
 */
export async function startOidcProvider(options: { path?: string; discovery?: boolean } = {}) {
  const accounts = new Map<string, OidcTestAccount>();
  const clients: OidcTestClient[] = [];
  const prefix = options.path ?? '';
  // Keys of its own, so the provider does not fall back to its shared development keys.
  const signingKey = {
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    use: 'sig',
    alg: 'RS256',
  };
  let provider: { instance: Provider; handler: http.RequestListener } | undefined;

  const server = http.createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}${prefix}`;

  /** Clients are fixed when a provider is built, so a new client builds a new one. */
  function rebuild() {
    const next = new Provider(issuer, {
      clients: clients.map(
        (client): ClientMetadata => ({
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: client.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        }),
      ),
      cookies: { keys: ['test-provider-cookie-key'] },
      jwks: { keys: [signingKey] },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['preferred_username', 'name'],
      },
      // Every authorization request must carry a PKCE challenge.
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `${prefix}/interaction/${interaction.uid}` },
      async findAccount(_ctx, sub) {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          // The claims as they are at the moment they are asked for.
          async claims() {
            return { ...(accounts.get(sub) ?? account) };
          },
        };
      },
    });
    provider = { instance: next, handler: next.callback() };
  }
  rebuild();

  async function finish(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    current: Provider,
    accountId: string,
  ) {
    const details = await current.interactionDetails(request, response);
    const grant = new current.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await current.interactionFinished(
      request,
      response,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    if (!provider) throw new Error('The test provider is not ready');
    const current = provider.instance;
    const url = new URL(request.url ?? '/', origin);
    if (prefix && !url.pathname.startsWith(prefix)) {
      response.statusCode = 404;
      response.end();
      return;
    }
    const path = url.pathname.slice(prefix.length) || '/';
    const interaction = /^\/interaction\/([^/]+)$/.exec(path);
    if (interaction?.[1]) {
      const details = await current.interactionDetails(request, response);
      if (request.method === 'POST') {
        const login = (await formBody(request)).get('login') ?? '';
        if (!accounts.has(login)) {
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(loginPage(`${prefix}${path}`, 'Unknown account'));
          return;
        }
        await finish(request, response, current, login);
        return;
      }
      // Signed in already (a second sign-on): only consent is asked, and granted.
      const session = details.session?.accountId;
      if (details.prompt.name !== 'login' && session) {
        await finish(request, response, current, session);
        return;
      }
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(loginPage(`${prefix}${path}`));
      return;
    }
    if (options.discovery === false && path.startsWith('/.well-known/')) {
      response.statusCode = 404;
      response.end();
      return;
    }
    // The provider reads its routes relative to the issuer, and the path it is mounted at from
    // the address as it came in (as behind a mounting framework).
    Object.assign(request, { originalUrl: request.url });
    request.url = `${path}${url.search}`;
    provider.handler(request, response);
  }

  return {
    issuer,
    origin,
    /** Adds or replaces a person. */
    setAccount(account: OidcTestAccount) {
      accounts.set(account.sub, account);
    },
    addClient(client: OidcTestClient) {
      clients.push(client);
      rebuild();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type OidcTestProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/** Cookies of one browser at the provider, kept across redirects. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const separator = pair?.indexOf('=') ?? -1;
      if (!pair || separator < 1) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (value === '' || /max-age=0/i.test(header) || /expires=Thu, 01 Jan 1970/i.test(header)) {
        this.cookies.delete(name);
      } else {
        this.cookies.set(name, value);
      }
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Follows a browser through the provider: from the authorization address to the redirect back to
 * the relying party, signing in as `login` on the provider's login page (unless the jar's session
 * there is still signed in). Returns the address the provider sends the browser back to.
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  jar: CookieJar = new CookieJar(),
): Promise<string> {
  let location = authorizationUrl;
  const origin = new URL(authorizationUrl).origin;
  for (let hop = 0; hop < 10; hop += 1) {
    if (new URL(location).origin !== origin) return location;
    let response = await fetch(location, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    if (response.status === 200 && /\/interaction\//.test(location)) {
      // The login page: sign in with its form, as a person would.
      response = await fetch(location, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login }).toString(),
      });
      jar.store(response);
    }
    const next = response.headers.get('location');
    if (!next)
      throw new Error(`The provider answered ${response.status} at ${location}: ${await response.text()}`);
    location = new URL(next, location).toString();
  }
  throw new Error('Too many redirects at the provider');
}
