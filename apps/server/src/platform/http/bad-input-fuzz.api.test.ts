import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { freePort } from '../../test/free-port.ts';
import { mqttFixtures } from '../../test/mqtt-fixtures.ts';
import { multipart, resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

/**
 * Every route of the OpenAPI document, called with generated bad input: wrong types, huge,
 * negative and non-canonical numbers, NUL and control characters, overlong strings, broken JSON
 * and broken multipart bodies. No answer may be a 5xx, and a refused call leaves the database as
 * it was (issue 12). The seed is fixed, so a failure is reproduced by running the test again.
 */
const SEED = 20261125;
const RUNS_PER_ROUTE = 50;

/** Routes that take no input but the token, and would end the caller's own session. */
const SKIPPED = new Set(['DELETE /api/auth/session', 'GET /api/auth/session/refresh']);
/** Server-sent event streams never end, so `inject` cannot wait for them; the stream tests cover them. */
const isStream = (path: string) => path.endsWith('/events');

type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  body: 'json' | 'multipart' | undefined;
  bodyFields: string[];
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (SKIPPED.has(key) || isStream(path)) continue;
      const content = operation.requestBody?.content ?? {};
      const body = content['multipart/form-data']
        ? 'multipart'
        : content['application/json']
          ? 'json'
          : undefined;
      const schema = content['multipart/form-data']?.schema ?? content['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body,
        bodyFields: Object.keys(schema?.properties ?? {}),
      });
    }
  }
  return operations;
}

/** Text an attacker would try in an id, a name or a note. */
const badText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      '+1',
      '00001',
      '1.5',
      '1e3',
      '0x10',
      'NaN',
      'Infinity',
      '2147483647',
      '2147483648',
      '9223372036854775808',
      '99999999999999999999999999',
      '\u0000',
      'a\u0000b',
      '\u202Eevil',
      'zero\u200Bwidth',
      '../../etc/passwd',
      "'; drop table users; --",
      '%00',
      'null',
      'true',
    ),
  },
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 3_000, maxLength: 5_000 }).map((text) => `${text}\u0000`),
);
const badNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER, 1.5),
  fc.double({ noNaN: true }),
);
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  badText,
  badNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(badText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), badText, { maxKeys: 3 }),
);

/** A JSON body: the route's own fields with bad values, any JSON at all, or text that is not JSON. */
function jsonBody(fields: string[]) {
  return fc.oneof(
    fc
      .record(Object.fromEntries(fields.map((field) => [field, badValue])), { requiredKeys: [] })
      .map((value) => ({
        payload: JSON.stringify(value),
      })),
    fc.jsonValue().map((value) => ({ payload: JSON.stringify(value) })),
    fc
      .constantFrom('{', '{"a":', '[1,2', '{"name":"\\u0000"}', 'null', '"', '{"__proto__":{"x":1}}')
      .map((payload) => ({ payload })),
  );
}

/** A multipart body: the route's fields with bad values, or bytes that only claim to be multipart. */
function multipartBody(fields: string[]) {
  return fc.oneof(
    fc
      .record(Object.fromEntries(fields.map((field) => [field, badText])), { requiredKeys: [] })
      .map((values) => ({ values })),
    fc
      .tuple(fc.constantFrom('X', '----b', ''), fc.uint8Array({ maxLength: 300 }))
      .map(([boundary, bytes]) => ({ raw: { boundary, bytes } })),
    fc
      .constantFrom(
        '--B\r\nContent-Disposition: form-data; name="name"\r\n\r\nunterminated',
        '--B\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--B--\r\n',
        '--B\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--B--\r\n',
        'garbage',
      )
      .map((text) => ({ raw: { boundary: 'B', bytes: new TextEncoder().encode(text) } })),
  );
}

describe.each(TEST_DIALECTS)('bad input to every route on %s', (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  let operations: Operation[];
  beforeAll(async () => {
    const unlimited = { max: 1_000_000, timeWindowMs: 60_000 };
    t = await buildTestApp(dialect, {
      rateLimits: {
        signIn: unlimited,
        signInPerClient: unlimited,
        passwordResetRequest: unlimited,
        costlyInFlightPerClient: 1_000_000,
        costlyPerAccount: unlimited,
        readerAuthFailures: unlimited,
        readerHellos: unlimited,
        readerPairingFailures: unlimited,
      },
    });
    // Members first, so the ids the generator likes (1, 2, ...) are not the administrator's.
    const members = [await t.given.member(), await t.given.member(), await t.given.member()];
    const admin = await t.given.administrator();
    auth = admin.auth;
    const given = resourceFixtures(t);
    const group = await given.group(admin);
    const resource = await given.resource(admin);
    await given.addToGroup(admin, group.id, resource.id);
    await given.introduce(admin, resource.id, members[0]?.id ?? 0);
    // An MQTT server nobody listens for and a configuration, so their routes meet real rows.
    const server = await mqttFixtures(t).server(admin, { host: '127.0.0.1', port: await freePort() });
    await mqttFixtures(t).configuration(admin, resource.id, server.id);
    operations = operationsOf((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
  });
  afterAll(() => t?.close());

  /** Every row the API can change, except delivery jobs, whose mails leave on their own time. */
  async function snapshot(): Promise<string> {
    const tables = [
      'users',
      'user_tokens',
      'auth_sessions',
      'email_templates',
      'resources',
      'resource_groups',
      'resource_group_members',
      'usage_sessions',
      'introducers',
      'introductions',
      'outbox_events',
      'mqtt_servers',
      'mqtt_configurations',
      'webhooks',
      'plugins',
      'plugin_kv',
    ];
    // At once: on PostgreSQL each table is a round trip on a connection of its own, and two
    // snapshots per request were most of this test's time.
    const parts = await Promise.all(
      tables.map(
        async (table) => (await sql.raw(`select * from ${table} order by 1, 2`).execute(t.database.db)).rows,
      ),
    );
    return JSON.stringify(parts);
  }

  it('answers no route with a 5xx and leaves the database unchanged when it refuses', async () => {
    expect(operations.length).toBeGreaterThan(40);
    const serverErrors: string[] = [];
    const failures: string[] = [];
    for (const operation of operations) {
      const request = fc.record({
        params: fc.tuple(...operation.pathParams.map(() => badText)),
        query: fc.dictionary(fc.constantFrom(...operation.queryParams, 'x'), badText, { maxKeys: 4 }),
        body:
          operation.body === 'json'
            ? jsonBody(operation.bodyFields)
            : operation.body === 'multipart'
              ? multipartBody(operation.bodyFields)
              : fc.constant(undefined),
      });
      const outcome = await fc.check(
        fc.asyncProperty(request, async ({ params, query, body }) => {
          let url = operation.path;
          operation.pathParams.forEach((name, index) => {
            url = url.replace(`{${name}}`, encodeURIComponent(String(params[index])));
          });
          const search = new URLSearchParams(query as Record<string, string>).toString();
          const headers: Record<string, string> = { ...auth };
          let payload: string | Buffer | undefined;
          if (body && 'payload' in body) {
            headers['content-type'] = 'application/json';
            payload = body.payload;
          } else if (body && 'values' in body) {
            const form = await multipart(body.values as Record<string, string>);
            Object.assign(headers, form.headers);
            payload = form.payload;
          } else if (body && 'raw' in body) {
            headers['content-type'] = `multipart/form-data; boundary=${body.raw.boundary}`;
            payload = Buffer.from(body.raw.bytes);
          }
          const before = await snapshot();
          const response = await t.app.inject({
            method: operation.method as 'GET',
            url: search ? `${url}?${search}` : url,
            headers,
            ...(payload === undefined ? {} : { payload }),
          });
          if (response.statusCode >= 500) {
            serverErrors.push(`${operation.method} ${url.slice(0, 120)} -> ${response.statusCode}`);
            return false;
          }
          if (response.statusCode >= 400) expect(await snapshot()).toBe(before);
          return true;
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      if (outcome.failed) {
        failures.push(
          `${operation.method} ${operation.path}: ${String(outcome.errorInstance ?? 'a 5xx').slice(0, 300)}`,
        );
      }
    }
    // Every failing route at once, each with its first counterexample's answer.
    expect({ serverErrors, failures }).toEqual({ serverErrors: [], failures: [] });
    // Fifty requests for each of the app's routes, and the routes grow with every feature.
  }, 180_000);
});
