import { describe, expect, it } from 'vitest';
import { isAddressAllowed, isNameListed, parseAllowedHosts } from './allowed-hosts.ts';
import { normalizeHost } from './outbound-policy.ts';

const hosts = (text: string) => parseAllowedHosts(text).hosts;

describe('normalizeHost', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['::FFFF:7F00:1', '::ffff:7f00:1'],
    ['Relay.Hall.LAN', 'relay.hall.lan'],
  ])('reads %s as %s', (host, normalized) => {
    expect(normalizeHost(host)).toBe(normalized);
  });
});

describe('isAddressAllowed', () => {
  it('takes public addresses only by default (external)', () => {
    const external = hosts('external');
    for (const address of ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']) {
      expect(isAddressAllowed(external, address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:7f00:1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '100.100.100.100',
      'fd00::1',
      '169.254.169.254',
      '::ffff:a9fe:a9fe',
      'fe80::1',
      '0.0.0.0',
      '::',
      '224.0.0.251',
      'ff02::1',
      '255.255.255.255',
    ]) {
      expect(isAddressAllowed(external, address), address).toBe(false);
    }
  });

  it('takes loopback and private ranges when named, link-local only through a CIDR', () => {
    const near = hosts('loopback,private');
    expect(isAddressAllowed(near, '::ffff:7f00:1')).toBe(true);
    expect(isAddressAllowed(near, '172.16.0.1')).toBe(true);
    expect(isAddressAllowed(near, 'fc00::5')).toBe(true);
    expect(isAddressAllowed(near, '93.184.215.14')).toBe(false);
    expect(isAddressAllowed(near, '169.254.169.254')).toBe(false);
    expect(isAddressAllowed(hosts('169.254.169.254'), '169.254.169.254')).toBe(true);
    expect(isAddressAllowed(hosts('fe80::/10'), 'fe80::1')).toBe(true);
    expect(isAddressAllowed(hosts('10.1.0.0/16'), '10.2.0.1')).toBe(false);
    expect(isAddressAllowed(hosts('*'), '169.254.169.254')).toBe(true);
  });
});

describe('isNameListed', () => {
  it('matches names exactly or below a wildcard, whatever their case', () => {
    const listed = hosts('mqtt.lan,*.example.org');
    expect(isNameListed(listed, 'MQTT.lan')).toBe(true);
    expect(isNameListed(listed, 'hooks.example.org')).toBe(true);
    expect(isNameListed(listed, 'example.org')).toBe(false);
    expect(isNameListed(listed, 'evil-example.org')).toBe(false);
    expect(isNameListed(listed, 'mqtt.lan.evil.net')).toBe(false);
  });
});
