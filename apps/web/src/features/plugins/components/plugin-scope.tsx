import { type PluginHost, PluginHostContext } from '@toolpass/plugin-sdk';
import { Component, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient, getBearerToken } from '../../../lib/api-client.ts';
import { useSignedInUser } from '../../../sign-in/sign-in-context.tsx';
import { pluginNamespace } from '../loading/plugin-namespace.ts';

type BoundaryProps = { pluginName: string; fallback: ReactNode; children: ReactNode };

/** A plugin component that throws takes only its own spot down, never the page around it. */
class PluginErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`Plugin ${this.props.pluginName} failed while rendering`, error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function sendJson<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  switch ((init.method ?? 'GET').toUpperCase()) {
    case 'GET':
      return apiClient.get<T>(path);
    case 'POST':
      return apiClient.post<T>(path, init.body);
    case 'PUT':
      return apiClient.put<T>(path, init.body);
    case 'PATCH':
      return apiClient.patch<T>(path, init.body);
    case 'DELETE':
      return apiClient.delete<T>(path, init.body);
    default:
      return Promise.reject(new Error(`Unsupported method ${init.method}`));
  }
}

/**
 * Everything a plugin renders sits in here: the SDK's host context (the user, the token, the
 * plugin's translations; spec 01 §7) and an error boundary.
 */
export function PluginScope({
  pluginName,
  fallback = null,
  children,
}: {
  pluginName: string;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const user = useSignedInUser();
  const { t, i18n } = useTranslation(pluginNamespace(pluginName));
  const token = getBearerToken();
  const host = useMemo<PluginHost>(
    () => ({
      pluginName,
      apiBaseUrl: `${window.location.origin}/api`,
      user,
      token,
      language: i18n.language,
      t: (key, options) => t(key, options ?? {}),
      fetchJson: sendJson,
    }),
    [pluginName, user, token, i18n.language, t],
  );
  return (
    <PluginHostContext value={host}>
      <PluginErrorBoundary pluginName={pluginName} fallback={fallback}>
        {children}
      </PluginErrorBoundary>
    </PluginHostContext>
  );
}
