// The example plugin's frontend (issue 29): a page with the session counts, a sidebar item that
// opens it and an extra action on each resource's page. Plain JavaScript without a build step: the
// bare imports below resolve through the host page's import map to the host's own React, router,
// HeroUI, query client and plugin SDK, so the plugin ships none of them.
import { Alert, Button, Card, Spinner } from '@heroui/react';
import { useQuery } from '@tanstack/react-query';
import { definePlugin, usePluginHost } from '@toolpass/plugin-sdk';
import { jsx, jsxs } from 'react/jsx-runtime';
import { Link, matchPath, useLocation, useNavigate } from 'react-router';

const API = '/api/plugins/session-counter/api';

function useCounts(path) {
  const host = usePluginHost();
  return useQuery({
    queryKey: ['plugin', 'session-counter', path],
    queryFn: () => host.fetchJson(`${API}${path}`),
  });
}

function Heading({ title, subtitle }) {
  return jsxs('header', {
    className: 'mb-6 flex flex-col gap-1',
    children: [
      jsx('h1', { className: 'text-2xl font-semibold', children: title }),
      jsx('p', { className: 'text-muted', children: subtitle }),
    ],
  });
}

function CountsState({ query, children }) {
  const { t } = usePluginHost();
  if (query.isPending) return jsx(Spinner, { 'aria-label': t('loading') });
  if (query.isError) {
    return jsx(Alert, {
      status: 'danger',
      children: jsx(Alert.Content, { children: jsx(Alert.Title, { children: t('loadFailed') }) }),
    });
  }
  return children(query.data);
}

/** /session-counter: the sessions counted from the usage events, in total and per resource. */
function SessionCounterPage() {
  const { t } = usePluginHost();
  const counts = useCounts('/sessions');
  return jsxs('div', {
    children: [
      jsx(Heading, { title: t('title'), subtitle: t('subtitle') }),
      jsx(CountsState, {
        query: counts,
        children: (data) =>
          jsxs(Card, {
            className: 'gap-3 p-4',
            children: [
              jsx('p', { className: 'text-lg', children: t('total', { count: data.total }) }),
              jsx('ul', {
                className: 'flex flex-col gap-1',
                children: Object.entries(data.byResource).map(([resourceId, count]) =>
                  jsx(
                    'li',
                    {
                      children: jsx(Link, {
                        to: `/resources/${resourceId}`,
                        className: 'underline',
                        children: t('resourceCount', { resourceId, count }),
                      }),
                    },
                    resourceId,
                  ),
                ),
              }),
            ],
          }),
      }),
    ],
  });
}

/** /session-counter/:resourceId: one resource's count, opened from its page's extra action. */
function ResourceSessionsPage() {
  const { t } = usePluginHost();
  const match = matchPath('/session-counter/:resourceId', useLocation().pathname);
  const resourceId = match?.params.resourceId ?? '';
  const counts = useCounts(`/sessions/${encodeURIComponent(resourceId)}`);
  return jsxs('div', {
    children: [
      jsx(Heading, { title: t('resourceTitle', { resourceId }), subtitle: t('subtitle') }),
      jsx(CountsState, {
        query: counts,
        children: (data) =>
          jsxs(Card, {
            className: 'gap-3 p-4',
            children: [
              jsx('p', { className: 'text-lg', children: t('total', { count: data.sessions }) }),
              jsx(Link, {
                to: `/resources/${resourceId}`,
                className: 'underline',
                children: t('backToResource'),
              }),
            ],
          }),
      }),
    ],
  });
}

function SessionCountAction({ resource }) {
  const { t } = usePluginHost();
  const navigate = useNavigate();
  return jsx(Button, {
    size: 'sm',
    variant: 'ghost',
    onPress: () => navigate(`/session-counter/${resource.id}`),
    children: t('action'),
  });
}

export default definePlugin({
  routes: [
    { path: '/session-counter', component: SessionCounterPage },
    { path: '/session-counter/:resourceId', component: ResourceSessionsPage },
  ],
  sidebarItems: [{ labelKey: 'nav', path: '/session-counter' }],
  resourceActions: [{ render: (resource) => jsx(SessionCountAction, { resource }) }],
  translations: {
    en: {
      nav: 'Session counter',
      title: 'Session counter',
      subtitle: 'Usage sessions started, counted from the usage events.',
      resourceTitle: 'Sessions of resource {{resourceId}}',
      total_one: '{{count}} session started',
      total_other: '{{count}} sessions started',
      resourceCount_one: 'Resource {{resourceId}}: {{count}} session',
      resourceCount_other: 'Resource {{resourceId}}: {{count}} sessions',
      action: 'Session count',
      backToResource: 'Back to the resource',
      loading: 'Loading...',
      loadFailed: 'The session counts could not be loaded',
    },
    de: {
      nav: 'Sitzungszähler',
      title: 'Sitzungszähler',
      subtitle: 'Gestartete Nutzungssitzungen, gezählt aus den Nutzungsereignissen.',
      resourceTitle: 'Sitzungen der Ressource {{resourceId}}',
      total_one: '{{count}} Sitzung gestartet',
      total_other: '{{count}} Sitzungen gestartet',
      resourceCount_one: 'Ressource {{resourceId}}: {{count}} Sitzung',
      resourceCount_other: 'Ressource {{resourceId}}: {{count}} Sitzungen',
      action: 'Sitzungsanzahl',
      backToResource: 'Zurück zur Ressource',
      loading: 'Wird geladen...',
      loadFailed: 'Die Sitzungszahlen konnten nicht geladen werden',
    },
  },
});
