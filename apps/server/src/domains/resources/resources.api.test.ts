import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import {
  CreateResourceFieldsSchema,
  Messages,
  ResourceMessages,
  UpdateResourceFieldsSchema,
} from '@toolpass/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { multipart, resourceFixtures, testImage } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

describe.each(TEST_DIALECTS)('resources on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let manager: Awaited<ReturnType<TestApp['given']['user']>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    manager = await t.given.user({ canManageResources: true });
  });
  afterAll(() => t?.close());

  const storedImages = () => {
    const directory = t.services.resourceImages.directory;
    return existsSync(directory) ? readdirSync(directory) : [];
  };
  const resourceCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('resources')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  async function upload(
    method: 'POST' | 'PUT',
    url: string,
    fields: Record<string, string>,
    file?: { name: string; type: string; content: Buffer; field?: string },
    actor = manager,
  ) {
    const body = await multipart(fields, file);
    return t.app.inject({ method, url, headers: { ...actor.auth, ...body.headers }, payload: body.payload });
  }

  describe('POST /api/resources', () => {
    it('creates a resource with an image, re-encoded to WebP and served with long cache headers', async () => {
      const png = await testImage('png');
      const response = await upload(
        'POST',
        '/api/resources',
        { name: '  Laser cutter ', description: 'CO2, 60 W', allowTakeOver: 'true' },
        { name: 'laser.png', type: 'image/png', content: png },
      );
      expect(response.statusCode).toBe(201);
      const resource = response.json();
      expect(resource).toMatchObject({
        name: 'Laser cutter',
        description: 'CO2, 60 W',
        allowTakeOver: true,
        documentationType: null,
        documentationMarkdown: null,
        documentationUrl: null,
        groups: [],
      });
      expect(resource.imageFilename).toMatch(/^[a-f0-9]{32}\.webp$/);
      const image = await t.app.inject({ url: `/api/resources/images/${resource.imageFilename}` });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    });

    it('strips the metadata of an uploaded photo', async () => {
      const jpeg = await sharp(await testImage('jpeg'))
        .withExif({ IFD0: { Copyright: 'secret owner', Artist: 'Ada' } })
        .jpeg()
        .toBuffer();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const resource = (
        await upload(
          'POST',
          '/api/resources',
          { name: 'Drill' },
          { name: 'a.jpg', type: 'image/jpeg', content: jpeg },
        )
      ).json();
      const image = await t.app.inject({ url: `/api/resources/images/${resource.imageFilename}` });
      expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    });

    it('accepts a PNG named .exe with a wrong declared type: the content decides', async () => {
      const response = await upload(
        'POST',
        '/api/resources',
        { name: 'Lathe' },
        { name: 'setup.exe', type: 'application/x-msdownload', content: await testImage('png') },
      );
      expect(response.statusCode).toBe(201);
      expect(response.json().imageFilename).toMatch(/\.webp$/);
    });

    it('refuses a text file named .png with a clear 400 and stores nothing', async () => {
      const filesBefore = storedImages();
      const rowsBefore = await resourceCount();
      const response = await upload(
        'POST',
        '/api/resources',
        { name: 'Not an image' },
        { name: 'photo.png', type: 'image/png', content: Buffer.from('just some text, not a picture\n') },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: ResourceMessages.invalidImageType,
        errorCode: 'INVALID_FILE_TYPE',
      });
      expect(storedImages()).toEqual(filesBefore);
      expect(await resourceCount()).toBe(rowsBefore);
    });

    it('refuses a GIF: only JPEG, PNG and WebP are accepted', async () => {
      const response = await upload(
        'POST',
        '/api/resources',
        { name: 'Gif' },
        { name: 'a.gif', type: 'image/gif', content: await testImage('gif') },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ResourceMessages.invalidImageType);
    });

    it('accepts an image of almost 10 MB (the JSON body limit does not apply)', async () => {
      const side = 1750;
      const noise = await sharp(randomBytes(side * side * 3), {
        raw: { width: side, height: side, channels: 3 },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noise.length).toBeGreaterThan(8.5 * 1024 * 1024);
      expect(noise.length).toBeLessThan(10 * 1024 * 1024);
      const response = await upload(
        'POST',
        '/api/resources',
        { name: 'Big photo' },
        { name: 'big.png', type: 'image/png', content: noise },
      );
      expect(response.statusCode).toBe(201);
      expect(storedImages()).toContain(response.json().imageFilename);
    });

    it('refuses an 11 MB image with 413 and stores nothing', async () => {
      const side = 1920;
      const noise = await sharp(randomBytes(side * side * 3), {
        raw: { width: side, height: side, channels: 3 },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(noise.length).toBeGreaterThan(10.5 * 1024 * 1024);
      const filesBefore = storedImages();
      const rowsBefore = await resourceCount();
      const response = await upload(
        'POST',
        '/api/resources',
        { name: 'Huge' },
        { name: 'huge.png', type: 'image/png', content: noise },
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        message: ResourceMessages.imageTooLarge,
        errorCode: 'FILE_TOO_LARGE',
      });
      expect(storedImages()).toEqual(filesBefore);
      expect(await resourceCount()).toBe(rowsBefore);
    });

    it('answers 400 with a field message for a missing name', async () => {
      const response = await upload('POST', '/api/resources', { name: '   ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: Messages.invalidInput,
        errors: { name: expect.any(Array) },
      });
    });

    it('answers 400 for a JSON body and for a file in another field', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/resources',
        headers: manager.auth,
        payload: { name: 'JSON' },
      });
      expect(json.statusCode).toBe(400);
      const wrongField = await upload(
        'POST',
        '/api/resources',
        { name: 'x' },
        { field: 'picture', name: 'a.png', type: 'image/png', content: await testImage('png') },
      );
      expect(wrongField.statusCode).toBe(400);
    });

    it('needs canManageResources', async () => {
      const member = await t.given.member();
      const forbidden = await upload('POST', '/api/resources', { name: 'x' }, undefined, member);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe(ResourceMessages.forbiddenManageResources);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/resources' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GET /api/resources', () => {
    it('pages, searches and filters by group, ungrouped and ids', async () => {
      const tag = Math.random().toString(36).slice(2, 8);
      const a = await given.resource(manager, { name: `Alpha ${tag}` });
      const b = await given.resource(manager, { name: `beta ${tag}` });
      const c = await given.resource(manager, { name: `Gamma ${tag}`, description: 'has 100%_ wildcards' });
      const group = await given.group(manager);
      await given.addToGroup(manager, group.id, b.id);
      const list = async (query: string) =>
        (await t.app.inject({ url: `/api/resources?${query}`, headers: manager.auth })).json();

      const page = await list(`search=${tag}&limit=2&page=1`);
      expect(page).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
      expect(page.data.map((r: { id: number }) => r.id)).toEqual([a.id, b.id]);
      expect((await list(`search=${tag}&limit=2&page=2`)).data.map((r: { id: number }) => r.id)).toEqual([
        c.id,
      ]);
      expect((await list(`search=${tag.toUpperCase()}`)).total).toBe(3);
      expect((await list('search=100%25_')).data.map((r: { id: number }) => r.id)).toEqual([c.id]);
      expect((await list(`groupId=${group.id}`)).data).toEqual([
        expect.objectContaining({ id: b.id, groups: [{ id: group.id, name: group.name }] }),
      ]);
      expect((await list(`search=${tag}&groupId=-1`)).data.map((r: { id: number }) => r.id)).toEqual([
        a.id,
        c.id,
      ]);
      expect((await list(`ids=${c.id},${a.id}`)).data.map((r: { id: number }) => r.id)).toEqual([a.id, c.id]);
    });

    it('searches name and description in any letter case, beyond ASCII too, as they are now', async () => {
      const tag = Math.random().toString(36).slice(2, 8);
      const resource = await given.resource(manager, { name: `Öltank ${tag}`, description: 'Für Späne' });
      const ids = async (search: string) =>
        (
          await t.app.inject({
            url: `/api/resources?search=${encodeURIComponent(search)}`,
            headers: manager.auth,
          })
        )
          .json()
          .data.map((r: { id: number }) => r.id);
      expect(await ids(`ÖLTANK ${tag}`)).toEqual([resource.id]);
      expect(await ids(`${tag}`)).toEqual([resource.id]);
      const updated = await upload('PUT', `/api/resources/${resource.id}`, { description: `Fräse ${tag}` });
      expect(updated.statusCode).toBe(200);
      expect(await ids(`FRÄSE ${tag}`)).toEqual([resource.id]);
      expect(await ids(`SPÄNE ${tag}`)).toEqual([]);
    });

    it('counts introducers of a resource or of its group as allowed to use it', async () => {
      const member = await t.given.member();
      const own = await given.resource(manager);
      const viaGroup = await given.resource(manager);
      const other = await given.resource(manager);
      const group = await given.group(manager);
      await given.addToGroup(manager, group.id, viaGroup.id);
      await given.makeIntroducer(manager, own.id, member.id);
      await given.makeGroupIntroducer(manager, group.id, member.id);
      const response = await t.app.inject({
        url: `/api/resources?onlyWithPermissions=true&limit=100&ids=${own.id},${viaGroup.id},${other.id}`,
        headers: member.auth,
      });
      expect(
        response
          .json()
          .data.map((r: { id: number }) => r.id)
          .sort(),
      ).toEqual([own.id, viaGroup.id].sort());
    });

    it('filters to resources in use by me and to those I may use', async () => {
      const member = await t.given.member();
      const free = await given.resource(manager);
      const introduced = await given.resource(manager);
      const viaGroup = await given.resource(manager);
      const group = await given.group(manager);
      await given.addToGroup(manager, group.id, viaGroup.id);
      await given.introduce(manager, introduced.id, member.id);
      await given.introduceToGroup(manager, group.id, member.id);
      await given.start(member, introduced.id);
      const ids = async (query: string) =>
        (await t.app.inject({ url: `/api/resources?limit=100&${query}`, headers: member.auth }))
          .json()
          .data.map((r: { id: number }) => r.id);
      expect(await ids('onlyInUseByMe=true')).toEqual([introduced.id]);
      const usable = await ids('onlyWithPermissions=true');
      expect(usable).toEqual(expect.arrayContaining([introduced.id, viaGroup.id]));
      expect(usable).not.toContain(free.id);
      expect(await ids(`onlyWithPermissions=false&ids=${free.id}`)).toEqual([free.id]);
      // A manager may use everything.
      const all = await t.app.inject({
        url: `/api/resources?onlyWithPermissions=true&ids=${free.id}`,
        headers: manager.auth,
      });
      expect(all.json().total).toBe(1);
    });

    it('answers 400 for bad query values and 401 when not signed in', async () => {
      for (const query of ['groupId=0', 'onlyInUseByMe=yes', 'page=0', 'limit=101']) {
        const response = await t.app.inject({ url: `/api/resources?${query}`, headers: manager.auth });
        expect(response.statusCode).toBe(400);
      }
      expect((await t.app.inject({ url: '/api/resources' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/resources/{id}', () => {
    it('answers the resource, or 404 with the specification text', async () => {
      const member = await t.given.member();
      const resource = await given.resource(manager, { name: 'Band saw' });
      const found = await t.app.inject({ url: `/api/resources/${resource.id}`, headers: member.auth });
      expect(found.statusCode).toBe(200);
      expect(found.json().name).toBe('Band saw');
      const missing = await t.app.inject({ url: '/api/resources/999999', headers: member.auth });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(ResourceMessages.resourceNotFound);
    });
  });

  describe('PUT /api/resources/{id}', () => {
    it('changes the given fields only and replaces the image file', async () => {
      const created = (
        await upload(
          'POST',
          '/api/resources',
          { name: 'Router', description: 'CNC' },
          { name: 'a.png', type: 'image/png', content: await testImage('png') },
        )
      ).json();
      const response = await upload(
        'PUT',
        `/api/resources/${created.id}`,
        { allowTakeOver: 'true' },
        { name: 'b.webp', type: 'image/webp', content: await testImage('webp') },
      );
      expect(response.statusCode).toBe(200);
      const updated = response.json();
      expect(updated).toMatchObject({ name: 'Router', description: 'CNC', allowTakeOver: true });
      expect(updated.imageFilename).not.toBe(created.imageFilename);
      expect(storedImages()).toContain(updated.imageFilename);
      expect(storedImages()).not.toContain(created.imageFilename);

      const cleared = await upload('PUT', `/api/resources/${created.id}`, {
        deleteImage: 'true',
        description: '',
      });
      expect(cleared.json()).toMatchObject({ imageFilename: null, description: null });
      expect(storedImages()).not.toContain(updated.imageFilename);
    });

    it('keeps the old image when the new one is refused', async () => {
      const created = (
        await upload(
          'POST',
          '/api/resources',
          { name: 'Kiln' },
          { name: 'a.png', type: 'image/png', content: await testImage('png') },
        )
      ).json();
      const filesBefore = storedImages();
      const response = await upload(
        'PUT',
        `/api/resources/${created.id}`,
        { name: 'Renamed' },
        { name: 'b.png', type: 'image/png', content: Buffer.from('nope') },
      );
      expect(response.statusCode).toBe(400);
      expect(storedImages()).toEqual(filesBefore);
      const unchanged = await t.app.inject({ url: `/api/resources/${created.id}`, headers: manager.auth });
      expect(unchanged.json()).toMatchObject({ name: 'Kiln', imageFilename: created.imageFilename });
    });

    it('answers 404 for a missing resource without storing the image, 403 for members', async () => {
      const filesBefore = storedImages();
      const missing = await upload(
        'PUT',
        '/api/resources/999999',
        { name: 'x' },
        { name: 'a.png', type: 'image/png', content: await testImage('png') },
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(ResourceMessages.resourceNotFound);
      expect(storedImages()).toEqual(filesBefore);
      const member = await t.given.member();
      const resource = await given.resource(manager);
      expect(
        (await upload('PUT', `/api/resources/${resource.id}`, { name: 'x' }, undefined, member)).statusCode,
      ).toBe(403);
    });
  });

  describe('PUT /api/resources/{id}/documentation', () => {
    const put = (id: number, payload: object, actor = manager) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/resources/${id}/documentation`,
        headers: actor.auth,
        payload,
      });

    it('sets markdown, then a url clearing the markdown, then nothing', async () => {
      const resource = await given.resource(manager);
      const markdown = await put(resource.id, {
        documentationType: 'markdown',
        documentationMarkdown: '# Safety\nWear goggles.',
        documentationUrl: 'https://example.org/ignored',
      });
      expect(markdown.statusCode).toBe(200);
      expect(markdown.json()).toMatchObject({
        documentationType: 'markdown',
        documentationMarkdown: '# Safety\nWear goggles.',
        documentationUrl: null,
      });
      const url = await put(resource.id, {
        documentationType: 'url',
        documentationUrl: 'https://wiki.example.org/laser',
      });
      expect(url.json()).toMatchObject({
        documentationType: 'url',
        documentationMarkdown: null,
        documentationUrl: 'https://wiki.example.org/laser',
      });
      const none = await put(resource.id, { documentationType: '' });
      expect(none.json()).toMatchObject({
        documentationType: null,
        documentationMarkdown: null,
        documentationUrl: null,
      });
    });

    it.each([
      [
        { documentationType: 'markdown', documentationMarkdown: '  ' },
        'documentationMarkdown',
        ResourceMessages.markdownRequired,
      ],
      [{ documentationType: 'url' }, 'documentationUrl', ResourceMessages.urlRequired],
      [
        { documentationType: 'url', documentationUrl: 'not a url' },
        'documentationUrl',
        ResourceMessages.invalidUrl,
      ],
      [
        { documentationType: 'url', documentationUrl: 'javascript:alert(1)' },
        'documentationUrl',
        ResourceMessages.invalidUrl,
      ],
    ])('answers 400 for %j', async (payload, field, message) => {
      const resource = await given.resource(manager);
      const response = await put(resource.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[field]).toEqual([message]);
    });

    it('answers 404 for a missing resource and 403 for members', async () => {
      const missing = await put(999_999, { documentationType: null });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(ResourceMessages.resourceNotFound);
      const member = await t.given.member();
      expect((await put(1, { documentationType: null }, member)).statusCode).toBe(403);
    });
  });

  describe('DELETE /api/resources/{id}', () => {
    it('removes the resource with its sessions, introductions and image file', async () => {
      const created = (
        await upload(
          'POST',
          '/api/resources',
          { name: 'Doomed' },
          { name: 'a.png', type: 'image/png', content: await testImage('png') },
        )
      ).json();
      const member = await t.given.member();
      await given.introduce(manager, created.id, member.id);
      await given.makeIntroducer(manager, created.id, member.id);
      await given.start(member, created.id);
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/resources/${created.id}`,
        headers: manager.auth,
      });
      expect(response.statusCode).toBe(200);
      expect(storedImages()).not.toContain(created.imageFilename);
      const db = t.database.db;
      expect(
        await db.selectFrom('usage_sessions').selectAll().where('resource_id', '=', created.id).execute(),
      ).toEqual([]);
      expect(
        await db.selectFrom('introductions').selectAll().where('resource_id', '=', created.id).execute(),
      ).toEqual([]);
      expect(
        await db.selectFrom('introducers').selectAll().where('resource_id', '=', created.id).execute(),
      ).toEqual([]);
      const gone = await t.app.inject({ url: `/api/resources/${created.id}`, headers: manager.auth });
      expect(gone.statusCode).toBe(404);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/resources/${created.id}`,
        headers: manager.auth,
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(ResourceMessages.resourceNotFound);
    });
  });

  describe('multipart forms in /api/openapi.json', () => {
    it('documents the forms of POST /api/resources and PUT /api/resources/{id} from the contracts', async () => {
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const formOf = (path: string, method: 'post' | 'put') =>
        document.paths[path][method].requestBody.content['multipart/form-data'].schema;

      const create = formOf('/api/resources', 'post');
      expect(Object.keys(create.properties).sort()).toEqual(
        [...Object.keys(CreateResourceFieldsSchema.shape), 'image'].sort(),
      );
      expect(create.required).toEqual(['name']);
      expect(create.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
      expect(create.properties.allowTakeOver).toMatchObject({ type: 'string', enum: ['true', 'false'] });
      expect(create.properties.image).toMatchObject({
        type: 'string',
        format: 'binary',
        maxLength: 10 * 1024 * 1024,
      });

      const update = formOf('/api/resources/{id}', 'put');
      expect(Object.keys(update.properties).sort()).toEqual(
        [...Object.keys(UpdateResourceFieldsSchema.shape), 'image'].sort(),
      );
      expect(update.required ?? []).toEqual([]);
      expect(update.properties.deleteImage).toMatchObject({ enum: ['true', 'false'] });
      expect(update.properties.image.format).toBe('binary');
    });
  });

  describe('GET /api/resources/images/{imageFilename}', () => {
    it('answers 404 for an unknown image and 400 for a name that is not one of ours', async () => {
      const unknown = await t.app.inject({ url: `/api/resources/images/${'0'.repeat(32)}.webp` });
      expect(unknown.statusCode).toBe(404);
      const traversal = await t.app.inject({ url: '/api/resources/images/..%2F..%2Ftoolpass.sqlite' });
      expect(traversal.statusCode).toBe(400);
    });
  });
});
