import { ErrorCodes, Messages, NAME_MAX_LENGTH } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

describe.each(TEST_DIALECTS)('input the database cannot take is a 400 on %s', (dialect) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['given']['administrator']>>;
  let resourceId: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await t.given.administrator();
    resourceId = (await resourceFixtures(t).resource(admin)).id;
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.auth });

  it('refuses ids that are not canonical positive integers, or beyond the database range', async () => {
    for (const id of ['00001', '+1', '1e0', '0', '-1', '1.0', '2147483648', '99999999999999999999']) {
      const response = await get(`/api/resources/${encodeURIComponent(id)}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message).toBe(Messages.invalidInput);
    }
    expect((await get('/api/resources/2147483647')).statusCode).toBe(404);
    expect((await get(`/api/resources/${resourceId}`)).statusCode).toBe(200);
    expect((await get('/api/users?ids=1,00002')).statusCode).toBe(400);
    expect((await get(`/api/resources/${resourceId}/usage/history?userId=2147483648`)).statusCode).toBe(400);
  });

  it('answers a path that is not valid percent-encoding with the API error body, not a framework one', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/resources/%ff/usage/end',
      headers: admin.auth,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: Messages.invalidInput,
      requestId: expect.any(String),
    });
  });

  it("keeps a route's own message for its body: a bad user id is not an invalid email address", async () => {
    const change = (id: string, payload: string | object) =>
      t.app.inject({ method: 'PATCH', url: `/api/users/${id}/email`, headers: admin.auth, payload });
    const badId = await change('abc', { newEmail: 'someone@example.org' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe(Messages.invalidInput);
    expect(badId.json().errorCode).toBeUndefined();
    const badEmail = await change(String(admin.id), { newEmail: 'not-an-email' });
    expect(badEmail.json()).toMatchObject({
      message: Messages.invalidEmailAddress,
      errorCode: ErrorCodes.invalidEmailFormat,
    });
  });

  it('gives each validation failure a code and its bounds, for clients to word in their language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/resource-groups',
      headers: admin.auth,
      payload: { name: 'x'.repeat(NAME_MAX_LENGTH + 1), description: 7 },
    });
    expect(response.statusCode).toBe(400);
    const { issues } = response.json();
    expect(issues).toContainEqual({
      field: 'name',
      code: 'too_big',
      params: expect.objectContaining({ maximum: NAME_MAX_LENGTH, origin: 'string' }),
    });
    expect(issues).toContainEqual(expect.objectContaining({ field: 'description', code: 'invalid_type' }));
    // The refused input itself is never echoed.
    expect(response.body).not.toContain('x'.repeat(50));
  });

  it('refuses NUL in any text and invisible characters in names, writing nothing', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/resource-groups',
      headers: admin.auth,
      payload: { name: 'Wood\u0000shop' },
    });
    expect(created.statusCode).toBe(400);
    const groups = await get('/api/resource-groups');
    expect(JSON.stringify(groups.json())).not.toContain('Wood');
    expect((await get('/api/users/search?search=a%00b')).statusCode).toBe(400);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/resources/${resourceId}/usage/start`,
      headers: admin.auth,
      payload: { notes: 'hello\u0000' },
    });
    expect(started.statusCode).toBe(400);
    expect((await get(`/api/resources/${resourceId}/usage/active`)).json().usage).toBeNull();
    for (const username of ['ev\u202Eil', 'zero\u200Bwidth', 'bell\u0007', 'bom\uFEFF']) {
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { username, email: 'x@example.org', password: 'long enough', strategy: 'local_password' },
      });
      expect(registered.statusCode, JSON.stringify(username)).toBe(400);
    }
  });

  it('answers a malformed multipart body with a 400', async () => {
    for (const body of [
      '--B\r\nContent-Disposition: form-data; name="name"\r\n\r\nunterminated',
      'garbage',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/resources',
        headers: { ...admin.auth, 'content-type': 'multipart/form-data; boundary=B' },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(Messages.invalidInput);
    }
  });
});
