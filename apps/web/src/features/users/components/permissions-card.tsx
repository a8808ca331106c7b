import { Card, Checkbox, Label, Skeleton } from '@heroui/react';
import type { PermissionName, SystemPermissions } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdatePermissions } from '../api/use-update-permissions.ts';
import { useUserPermissions } from '../api/use-users.ts';

const PERMISSIONS: PermissionName[] = [
  'canManageResources',
  'canManageSystemConfiguration',
  'canManageUsers',
];

/** The three system permissions of a user, saved together (spec 01 §2, §6). */
export function PermissionsCard({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const permissions = useUserPermissions(userId);
  return (
    <Card>
      <Card.Header>
        <Card.Title>{t('users.permissions.title')}</Card.Title>
        <Card.Description>{t('users.permissions.description')}</Card.Description>
      </Card.Header>
      <Card.Content>
        {permissions.isPending && <Skeleton className="h-28 w-full rounded-lg" />}
        {permissions.isError && (
          <LoadError
            title={t('users.permissions.loadFailed')}
            message={permissions.error.message}
            onRetry={() => void permissions.refetch()}
          />
        )}
        {permissions.data && (
          // Keyed by the loaded values, so a refetch after saving starts the form from the server's state.
          <PermissionsForm key={JSON.stringify(permissions.data)} userId={userId} saved={permissions.data} />
        )}
      </Card.Content>
    </Card>
  );
}

function PermissionsForm({ userId, saved }: { userId: number; saved: SystemPermissions }) {
  const { t } = useTranslation();
  const update = useUpdatePermissions(userId);
  const [draft, setDraft] = useState(saved);
  const isChanged = PERMISSIONS.some((permission) => draft[permission] !== saved[permission]);

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(draft, {
          onSuccess: () =>
            notifySuccess(t('users.permissions.savedTitle'), t('users.permissions.savedMessage')),
          onError: (error) => notifyError(t('users.permissions.saveFailedTitle'), error.message),
        });
      }}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">{t('users.permissions.title')}</legend>
        {PERMISSIONS.map((permission) => (
          <Checkbox
            key={permission}
            name={permission}
            isSelected={draft[permission]}
            onChange={(isSelected) => setDraft((current) => ({ ...current, [permission]: isSelected }))}
          >
            <Checkbox.Content>
              <Checkbox.Control>
                <Checkbox.Indicator />
              </Checkbox.Control>
              <Label>{t(`users.permissions.${permission}`)}</Label>
            </Checkbox.Content>
          </Checkbox>
        ))}
      </fieldset>
      <SubmitButton className="w-fit" isDisabled={!isChanged} isPending={update.isPending}>
        {t('common.save')}
      </SubmitButton>
    </form>
  );
}
