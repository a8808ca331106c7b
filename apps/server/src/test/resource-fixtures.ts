import sharp from 'sharp';
import type { TestApp } from './build-test-app.ts';

type Actor = { id: number; auth: { authorization: string } };

/** A multipart body as a browser's FormData would send it, for `app.inject`. */
export async function multipart(
  fields: Record<string, string>,
  file?: { field?: string; name: string; type: string; content: Buffer },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append(
      file.field ?? 'image',
      new Blob([new Uint8Array(file.content)], { type: file.type }),
      file.name,
    );
  const request = new Request('http://toolpass.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** A real image of the given format and size, made with sharp. */
export function testImage(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .toFormat(format)
    .toBuffer();
}

/** Test data for resources, groups and introductions, made through the API as a client would. */
export function resourceFixtures(t: TestApp) {
  async function call<T>(
    actor: Actor,
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<T> {
    const response = await t.app.inject({
      method,
      url,
      headers: actor.auth,
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url} failed: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  }

  return {
    async resource(
      manager: Actor,
      fields: { name?: string; description?: string; allowTakeOver?: boolean } = {},
    ): Promise<{ id: number; name: string }> {
      const body = await multipart({
        name: fields.name ?? `Machine ${Math.random().toString(36).slice(2, 8)}`,
        ...(fields.description ? { description: fields.description } : {}),
        allowTakeOver: String(fields.allowTakeOver ?? false),
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/resources',
        headers: { ...manager.auth, ...body.headers },
        payload: body.payload,
      });
      if (response.statusCode !== 201) throw new Error(`Creating a resource failed: ${response.body}`);
      return response.json();
    },

    group(manager: Actor, name = `Group ${Math.random().toString(36).slice(2, 8)}`) {
      return call<{ id: number; name: string }>(manager, 'POST', '/api/resource-groups', { name });
    },

    addToGroup(manager: Actor, groupId: number, resourceId: number) {
      return call(manager, 'POST', `/api/resource-groups/${groupId}/resources/${resourceId}`);
    },

    introduce(manager: Actor, resourceId: number, userId: number) {
      return call(manager, 'POST', `/api/resources/${resourceId}/introductions/${userId}/grant`, {});
    },

    introduceToGroup(manager: Actor, groupId: number, userId: number) {
      return call(manager, 'POST', `/api/resource-groups/${groupId}/introductions/${userId}/grant`, {});
    },

    makeIntroducer(manager: Actor, resourceId: number, userId: number) {
      return call(manager, 'POST', `/api/resources/${resourceId}/introducers/${userId}/grant`);
    },

    makeGroupIntroducer(manager: Actor, groupId: number, userId: number) {
      return call(manager, 'POST', `/api/resource-groups/${groupId}/introducers/${userId}/grant`);
    },

    start(actor: Actor, resourceId: number, payload: { notes?: string; forceTakeOver?: boolean } = {}) {
      return t.app.inject({
        method: 'POST',
        url: `/api/resources/${resourceId}/usage/start`,
        headers: actor.auth,
        payload,
      });
    },

    end(actor: Actor, resourceId: number, payload: { notes?: string } = {}) {
      return t.app.inject({
        method: 'PUT',
        url: `/api/resources/${resourceId}/usage/end`,
        headers: actor.auth,
        payload,
      });
    },
  };
}
