import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

describe('the web app as the server serves it', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-web-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Toolpass</title>');
    writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'manifest.json'), '{}');
    writeFileSync(path.join(dir, '.source-hash'), 'secret-ish');
    app = Fastify();
    app.get('/api/health', async () => ({ status: 'ok' }));
    await registerWebApp(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves hashed assets for a year and other files fresh', async () => {
    const asset = await app.inject({ url: '/assets/app-1a2b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await app.inject({ url: '/manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'HEAD', url: '/assets/app-1a2b.js' })).statusCode).toBe(200);
  });

  it("answers index.html for the client router's paths, and for files that are not there", async () => {
    for (const url of ['/resources/12', '/assets/gone-3c4d.js', '/.source-hash', '/assets/', '/']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>Toolpass</title>');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers unknown API paths with a JSON 404, and API routes as they are', async () => {
    const missing = await app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      statusCode: 404,
      message: 'Route GET /api/nothing-here not found',
    });
    expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'POST', url: '/resources/12' })).statusCode).toBe(404);
  });
});
