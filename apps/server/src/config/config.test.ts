import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveDataDir } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: './data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Toolpass <toolpass@localhost>',
      secretKey: undefined,
      logLevel: 'info',
      trustProxy: false,
      mqttMaxMessageAgeHours: 24,
      defaultLanguage: 'en',
      allowedIntegrationHosts: {
        any: false,
        external: true,
        loopback: false,
        private: false,
        ranges: [],
        names: [],
        suffixes: [],
      },
      plugins: true,
    });
  });

  it('reads PLUGINS=off as plugins turned off, and refuses another value', () => {
    expect(loadConfig({ PLUGINS: 'off' }).plugins).toBe(false);
    expect(loadConfig({ PLUGINS: 'on' }).plugins).toBe(true);
    expect(() => loadConfig({ PLUGINS: 'maybe' })).toThrow('PLUGINS: must be on or off');
  });

  it('reads ALLOWED_INTEGRATION_HOSTS as keywords, CIDR ranges and host names', () => {
    const hosts = loadConfig({
      ALLOWED_INTEGRATION_HOSTS: 'loopback, Private,169.254.169.254,fe80::/10, mqtt.lan,*.example.org',
    }).allowedIntegrationHosts;
    expect(hosts).toMatchObject({ external: false, loopback: true, private: true, any: false });
    expect(hosts.ranges).toHaveLength(2);
    expect(hosts.names).toEqual(['mqtt.lan']);
    expect(hosts.suffixes).toEqual(['.example.org']);
    expect(loadConfig({ ALLOWED_INTEGRATION_HOSTS: '*' }).allowedIntegrationHosts.any).toBe(true);
    for (const value of ['10.0.0.0/33', 'http://a.example', '300.1.1.1', 'fe80::/129', 'a b']) {
      expect(() => loadConfig({ ALLOWED_INTEGRATION_HOSTS: value }), value).toThrow(
        /ALLOWED_INTEGRATION_HOSTS/,
      );
    }
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://tools.example.org/',
      DATA_DIR: '/var/lib/toolpass',
      DATABASE_URL: 'postgres://toolpass@db/toolpass',
      SMTP_URL: 'smtps://user:pass@mail.example.org',
      MAIL_FROM: 'Lab <lab@example.org>',
      SECRET_KEY: 'k'.repeat(40),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      MQTT_MAX_MESSAGE_AGE_HOURS: '1.5',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://tools.example.org',
      dataDir: '/var/lib/toolpass',
      databaseUrl: 'postgres://toolpass@db/toolpass',
      smtpUrl: 'smtps://user:pass@mail.example.org',
      mailFrom: 'Lab <lab@example.org>',
      logLevel: 'warn',
      // One hop, the proxy in front; never every address in X-Forwarded-For.
      trustProxy: 1,
      mqttMaxMessageAgeHours: 1.5,
    });
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
    for (const value of ['any', '10.0.0.0/33', '10.0.0.1,', 'proxy.example.org']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads the MQTT message age in hours and refuses what is not a positive number', () => {
    expect(loadConfig({ MQTT_MAX_MESSAGE_AGE_HOURS: '0.25' }).mqttMaxMessageAgeHours).toBe(0.25);
    for (const value of ['-1', '0', 'a day', '9000']) {
      expect(() => loadConfig({ MQTT_MAX_MESSAGE_AGE_HOURS: value }), value).toThrow(
        /MQTT_MAX_MESSAGE_AGE_HOURS/,
      );
    }
  });

  it('reads the default language of the readers and refuses one the interface does not speak', () => {
    expect(loadConfig({ DEFAULT_LANGUAGE: 'de' }).defaultLanguage).toBe('de');
    expect(() => loadConfig({ DEFAULT_LANGUAGE: 'fr' })).toThrow(/DEFAULT_LANGUAGE/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it('lists every problem at once', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        PUBLIC_URL: 'ftp://example.org',
        DATABASE_URL: 'mysql://db',
        SMTP_URL: 'mail.example.org',
        SECRET_KEY: 'short',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'maybe',
        MQTT_MAX_MESSAGE_AGE_HOURS: '0',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'PORT',
      'PUBLIC_URL',
      'DATABASE_URL',
      'SMTP_URL',
      'SECRET_KEY',
      'LOG_LEVEL',
      'TRUST_PROXY',
      'MQTT_MAX_MESSAGE_AGE_HOURS',
    ]);
    expect((caught as ConfigError).message).toContain('SECRET_KEY: must be at least 32 characters long');
  });

  it('builds the default public address from PORT, so PORT alone gives working mail links', () => {
    expect(loadConfig({ PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
    expect(loadConfig({ PORT: '3100', PUBLIC_URL: 'https://tools.example.org/' }).publicUrl).toBe(
      'https://tools.example.org',
    );
  });
});

describe('resolveDataDir', () => {
  it('resolves a relative folder from where npm was started, else from the working folder', () => {
    const root = path.resolve('/srv/toolpass');
    const server = path.join(root, 'apps', 'server');
    expect(resolveDataDir('./data', { INIT_CWD: root }, server)).toBe(path.join(root, 'data'));
    expect(resolveDataDir('./data', {}, server)).toBe(path.join(server, 'data'));
    expect(resolveDataDir('/var/lib/toolpass', { INIT_CWD: root }, server)).toBe(
      path.resolve('/var/lib/toolpass'),
    );
  });
});
