import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

describe.each(TEST_DIALECTS)('system endpoints on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('GET /api/health reports the database as reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: { reachable: true, dialect },
      version: expect.any(String),
    });
  });

  it('publishes an OpenAPI 3.1 document generated from the contracts, and its docs UI', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const path of [
      '/api/users',
      '/api/users/me',
      '/api/users/{id}/permissions',
      '/api/users/{id}/email',
      '/api/auth/session/local',
      '/api/auth/session/refresh',
      '/api/health',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    const register = document.paths['/api/users'].post.requestBody.content['application/json'].schema;
    expect(register.required).toEqual(expect.arrayContaining(['username', 'email', 'password', 'strategy']));
    expect(register.properties.password.minLength).toBe(8);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  it('answers unknown API paths with a JSON 404 that no cache keeps', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends the full set of security headers with pages and the docs UI', async () => {
    for (const url of ['/', '/api/docs/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('lets pages connect, style and load fonts only from their own origin (no blanket https:)', async () => {
    for (const url of ['/', '/sso/providers', '/resources']) {
      const header = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      const directives = new Map(
        header.split(';').map((directive) => {
          const [name = '', ...sources] = directive.trim().split(/\s+/);
          return [name, sources.join(' ')] as const;
        }),
      );
      expect(directives.get('connect-src'), url).toBe("'self'");
      expect(directives.get('style-src'), url).toBe("'self' 'unsafe-inline'");
      expect(directives.get('font-src'), url).toBe("'self'");
      // The page's own files, and its inline import map by hash only (decision 20).
      expect(directives.get('script-src'), url).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')*$/);
      expect(header, url).not.toMatch(/(connect|style|font|script)-src[^;]*https:/);
    }
  });

  it("lets the app frame another site's page, for URL documentation", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("frame-src 'self' http: https:");
  });
});
