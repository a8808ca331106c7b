import { Table } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { EmptyState, QueryFallback } from '../../../components/query-fallback.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { usePlugins } from '../api/use-plugins.ts';
import { pluginErrorDetail } from '../plugin-messages.ts';
import { PluginStateChip } from './plugin-state-chip.tsx';
import { RemovePluginButton } from './remove-plugin-button.tsx';

/** The installed plugins with their state, and failed ones with the reason (spec 02 §2, §3). */
export function PluginList() {
  const { t, i18n } = useTranslation();
  const plugins = usePlugins();

  if (!plugins.isSuccess) {
    return (
      <QueryFallback
        query={plugins}
        skeletonClassName="h-40 w-full rounded-2xl"
        errorTitle={t('plugins.loadFailed')}
        errorMessage={(error) => pluginErrorDetail(t, error)}
      />
    );
  }
  if (plugins.data.length === 0) {
    return <EmptyState title={t('plugins.empty.title')} message={t('plugins.empty.message')} />;
  }

  return (
    <ScrollTable aria-label={t('plugins.tableLabel')}>
      <Table.Header>
        <Table.Column isRowHeader>{t('plugins.columns.name')}</Table.Column>
        <Table.Column>{t('plugins.columns.version')}</Table.Column>
        <Table.Column>{t('plugins.columns.state')}</Table.Column>
        <Table.Column>{t('plugins.columns.actions')}</Table.Column>
      </Table.Header>
      <Table.Body items={plugins.data} dependencies={[i18n.language]}>
        {(plugin) => (
          <Table.Row id={plugin.id}>
            <Table.Cell className="align-top">
              <div className="flex flex-col">
                <span className="font-medium [overflow-wrap:anywhere]">{plugin.name}</span>
                {plugin.description && (
                  <span className="text-sm text-muted [overflow-wrap:anywhere]">{plugin.description}</span>
                )}
              </div>
            </Table.Cell>
            <Table.Cell className="align-top font-mono text-sm">{plugin.version}</Table.Cell>
            <Table.Cell className="align-top">
              <div className="flex flex-col items-start gap-1">
                <PluginStateChip state={plugin.state} />
                {plugin.state === 'failed' && plugin.error && (
                  <span className="text-sm text-danger [overflow-wrap:anywhere]">{plugin.error}</span>
                )}
              </div>
            </Table.Cell>
            <Table.Cell className="align-top">
              <RemovePluginButton plugin={plugin} />
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </ScrollTable>
  );
}
