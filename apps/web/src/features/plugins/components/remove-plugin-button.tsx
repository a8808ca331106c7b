import { Button } from '@heroui/react';
import type { Plugin } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRemovePlugin } from '../api/use-plugin-mutations.ts';
import { pluginErrorDetail } from '../plugin-messages.ts';
import { RELOAD_DELAY_SECONDS, reloadSoon } from '../reload-soon.ts';

/** Removal with a confirmation (spec 02 §4); the page reloads once the plugin is gone. */
export function RemovePluginButton({ plugin }: { plugin: Plugin }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const remove = useRemovePlugin();

  const confirm = () =>
    remove.mutate(plugin.id, {
      onSuccess: () => {
        setOpen(false);
        notifySuccess(
          t('plugins.remove.removed', { name: plugin.name }),
          t('plugins.reloading', { count: RELOAD_DELAY_SECONDS }),
        );
        reloadSoon();
      },
      onError: (error) => notifyError(t('plugins.remove.failed'), pluginErrorDetail(t, error)),
    });

  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="danger-soft" aria-label={t('plugins.remove.label', { name: plugin.name })}>
          {t('plugins.remove.button')}
        </Button>
      }
      title={t('plugins.remove.title', { name: plugin.name })}
      paragraphs={[t('plugins.remove.message')]}
      cancelLabel={t('plugins.remove.cancel')}
      confirmLabel={t('plugins.remove.confirm')}
      isPending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
