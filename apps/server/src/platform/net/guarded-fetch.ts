import { nodeHttp, nodeHttps } from './node-http.ts';
import type { OutboundPolicy } from './outbound-policy.ts';

/** The fetch-like call a library makes (openid-client's customFetch): no redirects followed. */
export type GuardedFetch = (
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    signal?: AbortSignal | undefined;
  },
) => Promise<Response>;

/** Answers of providers are small documents (discovery, tokens, keys); more is not read. */
const MAX_BODY_BYTES = 1024 * 1024;

async function bodyBytes(body: unknown): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  return Buffer.from(await new Response(body as ConstructorParameters<typeof Response>[0]).arrayBuffer());
}

/**
 * A fetch over Node's http client whose connections resolve through the outbound policy and go
 * to an address that passed it (decision 17). For the single sign-on provider's discovery, token,
 * userinfo and key requests; redirects come back as they are (openid-client asks for "manual").
 */
export function createGuardedFetch(policy: OutboundPolicy): GuardedFetch {
  const agents = {
    'http:': new (nodeHttp().Agent)({ keepAlive: true, timeout: 4_000, lookup: policy.lookup }),
    'https:': new (nodeHttps().Agent)({ keepAlive: true, timeout: 4_000, lookup: policy.lookup }),
  };
  return async (address, options) => {
    const url = new URL(address);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('Only http and https');
    // An address is connected to without a lookup, so it is checked here.
    policy.assertAddressAllowed(url.hostname);
    const body = await bodyBytes(options.body);
    return new Promise<Response>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? nodeHttps() : nodeHttp()).request(url, {
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        agent: agents[url.protocol as 'http:' | 'https:'],
        ...(options.signal ? { signal: options.signal } : {}),
      });
      request.once('error', reject);
      request.once('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > MAX_BODY_BYTES) response.destroy(new Error('The answer is too large'));
          else chunks.push(chunk);
        });
        response.once('error', reject);
        response.once('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
              headers.append(name, one);
            }
          }
          const status = response.statusCode ?? 500;
          const nullBody = status === 204 || status === 205 || status === 304;
          resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers }));
        });
      });
      request.end(body);
    });
  };
}
