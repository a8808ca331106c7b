import { Chip } from '@heroui/react';
import type { PluginState } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';

/** Whether the server loaded a plugin (spec 02 §3). */
export function PluginStateChip({ state }: { state: PluginState }) {
  const { t } = useTranslation();
  return state === 'loaded' ? (
    <Chip color="success" size="sm" variant="soft">
      {t('plugins.state.loaded')}
    </Chip>
  ) : (
    <Chip color="danger" size="sm" variant="soft">
      {t('plugins.state.failed')}
    </Chip>
  );
}
