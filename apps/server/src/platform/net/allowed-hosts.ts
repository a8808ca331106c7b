import { isIP } from 'node:net';

/**
 * ALLOWED_INTEGRATION_HOSTS as read: which addresses the server may connect to for webhooks, MQTT
 * servers and single sign-on providers (decision 17). Every address is held as a 128-bit number,
 * IPv4 ones mapped into ::ffff:0:0/96, so that an IPv4-mapped IPv6 address meets the IPv4 rules.
 */
export type AllowedHosts = {
  /** `*`: every address and name. */
  any: boolean;
  external: boolean;
  loopback: boolean;
  private: boolean;
  ranges: Range[];
  /** Exact host names, lower case. */
  names: string[];
  /** `*.example.org` as `.example.org`: every name below it. */
  suffixes: string[];
};

type Range = { base: bigint; bits: number };

const V4_MAPPED = 0xffff_0000_0000n;

function parseV4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9][0-9]{0,2})$/.test(part))) return undefined;
  const bytes = parts.map(Number);
  if (bytes.some((byte) => byte > 255)) return undefined;
  return bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
}

function parseV6(text: string): bigint | undefined {
  const address = text.replace(/%.*$/, '');
  if (isIP(address) !== 6) return undefined;
  let groups = address.split(':');
  const last = groups.at(-1) ?? '';
  if (last.includes('.')) {
    const v4 = parseV4(last);
    if (v4 === undefined) return undefined;
    groups = [...groups.slice(0, -1), (v4 >> 16n).toString(16), (v4 & 0xffffn).toString(16)];
  }
  const gap = groups.indexOf('');
  if (gap !== -1) {
    const head = groups.slice(0, gap).filter((group) => group !== '');
    const tail = groups.slice(gap + 1).filter((group) => group !== '');
    groups = [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  }
  if (groups.length !== 8) return undefined;
  return groups.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

/** An IP address in its usual spelling as a 128-bit number (IPv4 mapped); undefined for anything else. */
export function ipNumber(address: string): bigint | undefined {
  const v4 = parseV4(address);
  return v4 !== undefined ? V4_MAPPED | v4 : parseV6(address);
}

function range(cidr: string): Range | undefined {
  const [ip = '', bitsText, ...rest] = cidr.split('/');
  const base = ipNumber(ip);
  if (base === undefined || rest.length > 0) return undefined;
  const v4 = parseV4(ip) !== undefined;
  const width = v4 ? 32 : 128;
  if (bitsText !== undefined && !/^[0-9]{1,3}$/.test(bitsText)) return undefined;
  const bits = bitsText === undefined ? width : Number(bitsText);
  if (bits > width) return undefined;
  return { base, bits: v4 ? 96 + bits : bits };
}

function within(address: bigint, { base, bits }: Range): boolean {
  const shift = BigInt(128 - bits);
  return address >> shift === base >> shift;
}

const ranges = (list: string[]) => list.map((cidr) => range(cidr) as Range);

/** Parsed on first use: BigInt arithmetic for some thirty ranges is not work for the start. */
let knownRanges: { loopback: Range[]; private: Range[]; special: Range[] } | undefined;

function rangesOf(): NonNullable<typeof knownRanges> {
  knownRanges ??= {
    loopback: ranges(['127.0.0.0/8', '::1/128']),
    private: ranges(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', 'fc00::/7']),
    /**
     * Neither public nor loopback nor private: link-local (cloud metadata lives there), unspecified,
     * multicast, broadcast, documentation and benchmark ranges, and IPv6 forms that carry an IPv4
     * address elsewhere (IPv4-compatible, NAT64, 6to4, Teredo). Reached only through an explicit CIDR.
     */
    special: ranges([
      '0.0.0.0/8',
      '169.254.0.0/16',
      '192.0.0.0/24',
      '192.0.2.0/24',
      '198.18.0.0/15',
      '198.51.100.0/24',
      '203.0.113.0/24',
      '224.0.0.0/4',
      '240.0.0.0/4',
      '::/96',
      '64:ff9b::/96',
      '64:ff9b:1::/48',
      '100::/64',
      '2001::/32',
      '2001:db8::/32',
      '2002::/16',
      'fe80::/10',
      'fec0::/10',
      'ff00::/8',
    ]),
  };
  return knownRanges;
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,62}[a-z0-9_])?)*$/;

/** Reads the setting; `invalid` lists the entries that are none of the forms it takes. */
export function parseAllowedHosts(text: string): { hosts: AllowedHosts; invalid: string[] } {
  const hosts: AllowedHosts = {
    any: false,
    external: false,
    loopback: false,
    private: false,
    ranges: [],
    names: [],
    suffixes: [],
  };
  const invalid: string[] = [];
  for (const entry of text.split(',').map((part) => part.trim().toLowerCase())) {
    if (entry === '') continue;
    if (entry === '*') hosts.any = true;
    else if (entry === 'external' || entry === 'loopback' || entry === 'private') hosts[entry] = true;
    else if (/^[0-9.]+(\/\d+)?$/.test(entry) || entry.includes(':')) {
      const parsed = range(entry);
      if (parsed) hosts.ranges.push(parsed);
      else invalid.push(entry);
    } else if (entry.startsWith('*.') && HOST_NAME.test(entry.slice(2))) hosts.suffixes.push(entry.slice(1));
    else if (HOST_NAME.test(entry)) hosts.names.push(entry);
    else invalid.push(entry);
  }
  return { hosts, invalid };
}

/** Whether a host name (not an address) is allowed by name, whatever it resolves to. */
export function isNameListed(hosts: AllowedHosts, name: string): boolean {
  const lower = name.toLowerCase().replace(/\.$/, '');
  return (
    hosts.any ||
    hosts.names.includes(lower) ||
    hosts.suffixes.some((suffix) => lower.endsWith(suffix) && lower.length > suffix.length)
  );
}

/** Whether the server may connect to an IP address (in its usual spelling). */
export function isAddressAllowed(hosts: AllowedHosts, address: string): boolean {
  const value = ipNumber(address);
  if (value === undefined) return false;
  if (hosts.any || hosts.ranges.some((allowed) => within(value, allowed))) return true;
  const among = (list: Range[]) => list.some((listed) => within(value, listed));
  const known = rangesOf();
  if (among(known.loopback)) return hosts.loopback;
  if (among(known.private)) return hosts.private;
  if (among(known.special)) return false;
  return hosts.external;
}
