import { promises as dns, type LookupAddress } from 'node:dns';
import net, { isIP } from 'node:net';
import tls from 'node:tls';
import { type AllowedHosts, isAddressAllowed, isNameListed } from './allowed-hosts.ts';

/** How a host name becomes addresses; tests give their own, everything else the system's resolver. */
export type Resolve = (name: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (name) => dns.lookup(name, { all: true, verbatim: true });

/** How long a save waits for a name to resolve before it leaves the check to the connection. */
const SAVE_RESOLVE_TIMEOUT_MS = 5_000;

/** A connection or a setting refused by ALLOWED_INTEGRATION_HOSTS. */
export class HostNotAllowedError extends Error {
  readonly code = 'EHOSTNOTALLOWED';
  readonly host: string;
  constructor(host: string) {
    super(`The address ${host} is not allowed by ALLOWED_INTEGRATION_HOSTS`);
    this.name = 'HostNotAllowedError';
    this.host = host;
  }
}

/**
 * A host as a URL's parser reads it: every IPv4 spelling (`2130706433`, `0x7f.1`, `127.1`) becomes
 * its dotted form and IPv6 its compressed one, the brackets taken off. Throws when it is no host.
 */
export function normalizeHost(host: string): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const hostname = new URL(`http://${isIP(bare) === 6 ? `[${bare}]` : bare}/`).hostname;
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The one gate of outbound connections to integrations (decision 17): a host is checked when it
 * is saved, and again at every connection on the addresses it resolves to then, and the
 * connection goes to one of the addresses that passed. A name that resolves elsewhere after it was
 * saved (DNS rebinding) is refused at the connection.
 */
export function createOutboundPolicy(deps: { allowed: AllowedHosts; resolve?: Resolve }) {
  const resolve = deps.resolve ?? systemResolve;

  /** The addresses of a host the server may connect to; throws HostNotAllowedError when none. */
  async function allowedAddresses(host: string): Promise<LookupAddress[]> {
    const normalized = normalizeHost(host);
    const family = isIP(normalized);
    if (family !== 0) {
      if (!isAddressAllowed(deps.allowed, normalized)) throw new HostNotAllowedError(host);
      return [{ address: normalized, family }];
    }
    const addresses = (await resolve(normalized)).map(({ address, family: version }) => ({
      address: normalizeHost(address),
      family: version,
    }));
    if (isNameListed(deps.allowed, normalized)) return addresses;
    const allowed = addresses.filter(({ address }) => isAddressAllowed(deps.allowed, address));
    if (allowed.length === 0) throw new HostNotAllowedError(host);
    return allowed;
  }

  /** A dns.lookup for sockets and agents: only checked addresses reach the connection. */
  function lookup(
    hostname: string,
    options: { family?: number | string; all?: boolean },
    callback: LookupCallback,
  ): void {
    const wanted =
      options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
    allowedAddresses(hostname).then(
      (addresses) => {
        const usable = addresses.filter(({ family }) => wanted === 0 || family === wanted);
        const [first] = usable;
        if (!first) callback(new HostNotAllowedError(hostname), options.all ? [] : '');
        else if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : ''),
    );
  }

  /** A socket whose connection fails with this error instead of being made. */
  function refusedSocket(error: Error): net.Socket {
    const socket = new net.Socket();
    setImmediate(() => socket.destroy(error));
    return socket;
  }

  return {
    lookup,

    /**
     * Refuses a host whose address is not allowed now, as a save does. A name that does not
     * resolve at the moment is left to the check at the connection.
     */
    async checkHost(host: string): Promise<void> {
      let normalized: string;
      try {
        normalized = normalizeHost(host);
      } catch {
        // No host a connection could be made to ("1::2::3" passes the MQTT host pattern).
        throw new HostNotAllowedError(host);
      }
      if (isIP(normalized) !== 0) {
        if (!isAddressAllowed(deps.allowed, normalized)) throw new HostNotAllowedError(host);
        return;
      }
      if (isNameListed(deps.allowed, normalized)) return;
      let timer: NodeJS.Timeout | undefined;
      const addresses = await Promise.race([
        resolve(normalized).catch(() => []),
        new Promise<LookupAddress[]>((done) => {
          timer = setTimeout(() => done([]), SAVE_RESOLVE_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      // Every address must pass: the system picks one of them at the connection.
      if (addresses.some(({ address }) => !isAddressAllowed(deps.allowed, normalizeHost(address)))) {
        throw new HostNotAllowedError(host);
      }
    },

    /** The same for the host of an http(s) address. */
    checkUrl(url: string): Promise<void> {
      return this.checkHost(new URL(url).hostname);
    },

    /** Throws when the host is an IP address that is not allowed (no lookup is made for those). */
    assertAddressAllowed(host: string): void {
      const normalized = normalizeHost(host);
      if (isIP(normalized) !== 0 && !isAddressAllowed(deps.allowed, normalized)) {
        throw new HostNotAllowedError(host);
      }
    },

    /** A TCP or TLS connection to a checked address of the host (MQTT). */
    connect(options: { host: string; port: number; tls: boolean }): net.Socket {
      let host: string;
      try {
        host = normalizeHost(options.host);
        this.assertAddressAllowed(host);
      } catch (error) {
        return refusedSocket(error instanceof Error ? error : new HostNotAllowedError(options.host));
      }
      if (!options.tls) return net.connect({ host, port: options.port, lookup });
      return tls.connect({
        host,
        port: options.port,
        lookup,
        ...(isIP(host) === 0 ? { servername: host } : {}),
        rejectUnauthorized: true,
      });
    },
  };
}

export type OutboundPolicy = ReturnType<typeof createOutboundPolicy>;
