// The example plugin's backend (issue 29): it counts the usage sessions started on each resource
// from the usage events it subscribes to, and answers the counts under
// /api/plugins/session-counter/api/sessions. The host API it receives is described in the
// server's plugin-host-api.ts and in docs/decisions/0020-plugins.md.

const SESSION_KEY = 'session:';

/** One key per session: an event delivered twice (at least once, decision 8) is counted once. */
const sessionKey = (resourceId, sessionId) => `${SESSION_KEY}${resourceId}:${sessionId}`;

export default function activate(api) {
  // A takeover starts a new session too.
  api.events.subscribe(['usage.started', 'usage.taken-over'], async (event) => {
    const { resourceId, sessionId, startTime } = event.data;
    await api.kv.set(sessionKey(resourceId, sessionId), { startTime });
  });

  api.routes.get('/sessions', async () => {
    const sessions = await api.kv.list(SESSION_KEY);
    const byResource = {};
    for (const { key } of sessions) {
      const resourceId = key.slice(SESSION_KEY.length).split(':')[0];
      byResource[resourceId] = (byResource[resourceId] ?? 0) + 1;
    }
    return { body: { total: sessions.length, byResource } };
  });

  api.routes.get('/sessions/:resourceId', async (request) => {
    if (!/^[1-9][0-9]*$/.test(request.params.resourceId)) {
      return { status: 400, body: { message: 'resourceId must be a positive whole number' } };
    }
    const sessions = await api.kv.list(`${SESSION_KEY}${request.params.resourceId}:`);
    return { body: { resourceId: Number(request.params.resourceId), sessions: sessions.length } };
  });

  api.logger.info('Counting usage sessions');
}
