import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AccessGate } from './access-gate.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { ROUTE_ACCESS } from './route-access.ts';
import { RouteError } from './route-error.tsx';
import type { RouteHandle } from './route-handle.ts';

// Each page is its own chunk, so the sign-in screen loads only what it needs.
const ResourcesPage = lazy(() => import('../pages/resources-page.tsx'));
const ResourceDetailPage = lazy(() => import('../pages/resource-detail-page.tsx'));
const ResourceDocumentationPage = lazy(() => import('../pages/resource-documentation-page.tsx'));
const ResourceDocumentationEditPage = lazy(() => import('../pages/resource-documentation-edit-page.tsx'));
const ResourceGroupPage = lazy(() => import('../pages/resource-group-page.tsx'));
const UsersPage = lazy(() => import('../pages/users-page.tsx'));
const AuditLogPage = lazy(() => import('../pages/audit-log-page.tsx'));
const UserDetailsPage = lazy(() => import('../pages/user-details-page.tsx'));
const MyBookingsPage = lazy(() => import('../pages/my-bookings-page.tsx'));
const AccountSettingsPage = lazy(() => import('../pages/account-settings-page.tsx'));
const DependenciesPage = lazy(() => import('../pages/dependencies-page.tsx'));
const VerifyEmailPage = lazy(() => import('../pages/verify-email-page.tsx'));
const ResetPasswordPage = lazy(() => import('../pages/reset-password-page.tsx'));
const ConfirmEmailChangePage = lazy(() => import('../pages/confirm-email-change-page.tsx'));
const UndoEmailChangePage = lazy(() => import('../pages/undo-email-change-page.tsx'));
const ResourceIotPage = lazy(() => import('../pages/resource-iot-page.tsx'));
const MqttConfigurationPage = lazy(() => import('../pages/mqtt-configuration-page.tsx'));
const MqttConfigurationTestPage = lazy(() => import('../pages/mqtt-configuration-test-page.tsx'));
const MqttServersPage = lazy(() => import('../pages/mqtt-servers-page.tsx'));
const IntegrationsPage = lazy(() => import('../pages/integrations-page.tsx'));
const MqttServerPage = lazy(() => import('../pages/mqtt-server-page.tsx'));
const SsoProvidersPage = lazy(() => import('../pages/sso-providers-page.tsx'));
// One chunk for both reader pages (see reader-pages.ts).
const readerPages = () => import('../pages/reader-pages.ts');
const FabreaderPage = lazy(() => readerPages().then((m) => ({ default: m.FabreaderPage })));
const NfcCardsPage = lazy(() => readerPages().then((m) => ({ default: m.NfcCardsPage })));
const CsvExportPage = lazy(() => import('../pages/csv-export-page.tsx'));
const EmailTemplatesPage = lazy(() => import('../pages/email-templates-page.tsx'));
const EmailTemplatePage = lazy(() => import('../pages/email-template-page.tsx'));
const WebhookDocsPage = lazy(() => import('../pages/webhook-docs-page.tsx'));
// Unknown paths may be a plugin's page; that page falls back to "not found".
const NotFoundPage = lazy(() => import('../pages/not-found-page.tsx'));
const PluginsPage = lazy(() => import('../pages/plugins-page.tsx'));

const publicRoute = { access: 'public' } satisfies RouteHandle;
const signedIn = { access: 'login' } satisfies RouteHandle;
const resources = { access: ROUTE_ACCESS.resources } satisfies RouteHandle;
const accountSettings = { access: ROUTE_ACCESS.accountSettings } satisfies RouteHandle;
const manageUsers = { access: ROUTE_ACCESS.users } satisfies RouteHandle;
const manageResources = { access: ROUTE_ACCESS.manageResources } satisfies RouteHandle;
/** Spec 02 §2: others are sent to the resource's page (IoT settings) or to / (MQTT servers). */
const manageResourceIot = {
  access: ROUTE_ACCESS.manageResources,
  redirectWhenDenied: (params) => `/resources/${params.id ?? params.resourceId ?? ''}`,
} satisfies RouteHandle;
const toStart = () => '/';
/**
 * Spec 02 §2: MQTT servers and the CSV export send others to /; so do the usage charts (the
 * export's data) and the list of all webhooks and MQTT configurations (the permission of each
 * resource's lists).
 */
const manageResourcesElseStart = {
  access: ROUTE_ACCESS.manageResources,
  redirectWhenDenied: toStart,
} satisfies RouteHandle;

/** Spec 02 §2: the SSO providers, FABReader, plugins and email templates send others to /. */
const manageSystemConfiguration = {
  access: ROUTE_ACCESS.manageSystemConfiguration,
  redirectWhenDenied: toStart,
} satisfies RouteHandle;

/** Routes and access levels of spec 01 §2 that exist so far. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: 'verify-email', element: <VerifyEmailPage />, handle: publicRoute },
          { path: 'reset-password', element: <ResetPasswordPage />, handle: publicRoute },
          { path: 'confirm-email-change', element: <ConfirmEmailChangePage />, handle: publicRoute },
          { path: 'undo-email-change', element: <UndoEmailChangePage />, handle: publicRoute },
        ],
      },
      {
        path: '/',
        element: <AccessGate />,
        children: [
          { index: true, element: <Navigate to="/resources" replace />, handle: signedIn },
          { path: 'resources', element: <ResourcesPage />, handle: resources },
          { path: 'resources/:id', element: <ResourceDetailPage />, handle: resources },
          { path: 'resources/:id/documentation', element: <ResourceDocumentationPage />, handle: resources },
          {
            path: 'resources/:id/documentation/edit',
            element: <ResourceDocumentationEditPage />,
            handle: manageResources,
          },
          { path: 'resources/:id/iot', element: <ResourceIotPage />, handle: manageResourceIot },
          {
            path: 'resources/:resourceId/iot/mqtt/create',
            element: <MqttConfigurationPage />,
            handle: manageResourceIot,
          },
          {
            path: 'resources/:resourceId/iot/mqtt/test/:configId',
            element: <MqttConfigurationTestPage />,
            handle: manageResourceIot,
          },
          {
            path: 'resources/:resourceId/iot/mqtt/:configId',
            element: <MqttConfigurationPage />,
            handle: manageResourceIot,
          },
          { path: 'resource-groups/:groupId', element: <ResourceGroupPage />, handle: resources },
          { path: 'mqtt/servers', element: <MqttServersPage />, handle: manageResourcesElseStart },
          { path: 'integrations', element: <IntegrationsPage />, handle: manageResourcesElseStart },
          { path: 'mqtt/servers/create', element: <MqttServerPage />, handle: manageResourcesElseStart },
          { path: 'mqtt/servers/:serverId', element: <MqttServerPage />, handle: manageResourcesElseStart },
          { path: 'csv-export', element: <CsvExportPage />, handle: manageResourcesElseStart },
          { path: 'usage', element: <CsvExportPage charts />, handle: manageResourcesElseStart },
          { path: 'sso/providers', element: <SsoProvidersPage />, handle: manageSystemConfiguration },
          { path: 'fabreader', element: <FabreaderPage />, handle: manageSystemConfiguration },
          { path: 'nfc-cards', element: <NfcCardsPage />, handle: signedIn },
          { path: 'email-templates', element: <EmailTemplatesPage />, handle: manageSystemConfiguration },
          {
            path: 'email-templates/:type',
            element: <EmailTemplatePage />,
            handle: manageSystemConfiguration,
          },
          { path: 'users', element: <UsersPage />, handle: manageUsers },
          { path: 'users/:id', element: <UserDetailsPage />, handle: manageUsers },
          // Either of two permissions: the page itself sends others to / (see audit-log-page.tsx).
          { path: 'audit-log', element: <AuditLogPage />, handle: signedIn },
          { path: 'bookings', element: <MyBookingsPage />, handle: signedIn },
          { path: 'account-settings', element: <AccountSettingsPage />, handle: accountSettings },
          { path: 'dependencies', element: <DependenciesPage />, handle: publicRoute },
          { path: 'docs/webhooks', element: <WebhookDocsPage />, handle: publicRoute },
          { path: 'plugins', element: <PluginsPage />, handle: manageSystemConfiguration },
          { path: '*', element: <NotFoundPage />, handle: signedIn },
        ],
      },
    ],
  },
]);
