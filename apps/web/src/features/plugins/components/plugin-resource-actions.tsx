import { Button } from '@heroui/react';
import type { Resource, User } from '@toolpass/contracts';
import { type PluginResourceAction, usePluginHost } from '@toolpass/plugin-sdk';
import { hasAccess } from '../../../sign-in/access.ts';
import { useSignedInUser } from '../../../sign-in/sign-in-context.tsx';
import { usePluginRegistry } from '../loading/plugin-registry.ts';
import { PluginScope } from './plugin-scope.tsx';

function PluginActionButton({ action, resource }: { action: PluginResourceAction; resource: Resource }) {
  const host = usePluginHost();
  if (action.render) return <>{action.render(resource)}</>;
  return (
    <Button size="sm" variant="ghost" onPress={() => action.onPress?.(resource, host)}>
      {host.t(action.labelKey ?? '')}
    </Button>
  );
}

const mayUse = (user: User, action: PluginResourceAction) =>
  hasAccess(user, { permissions: action.requiredPermissions ?? [] });

/** The plugins' "extra action" buttons on a resource's page (spec 01 §2), each in its plugin's scope. */
export function PluginResourceActions({ resource }: { resource: Resource }) {
  const user = useSignedInUser();
  const { plugins } = usePluginRegistry();
  return plugins.flatMap((plugin) =>
    (plugin.definition.resourceActions ?? [])
      .filter((action) => mayUse(user, action))
      .map((action, index) => (
        // A plugin's actions never change order while the page lives (plugins load once).
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <PluginScope key={`${plugin.name}:${index}`} pluginName={plugin.name}>
          <PluginActionButton action={action} resource={resource} />
        </PluginScope>
      )),
  );
}
