import { Button, buttonVariants, Table } from '@heroui/react';
import type { MqttServer } from '@toolpass/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, QueryFallback } from '../../../components/query-fallback.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteMqttServer } from '../api/use-mqtt-server-mutations.ts';
import { useMqttServers } from '../api/use-mqtt-servers.ts';
import { mqttErrorDetail } from '../hooks/mqtt-error-messages.ts';
import { DeleteConfirmationDialog } from './delete-confirmation-dialog.tsx';
import { MqttServerStatus } from './mqtt-server-status.tsx';
import { MqttServerTest } from './mqtt-server-test.tsx';

/** Every MQTT server with its connection status, a test, edit and delete (spec 02 §2, issue 15). */
export function MqttServerList() {
  const { t } = useTranslation();
  const servers = useMqttServers();
  // The server stays set while the dialog fades out, so its title keeps the name.
  const [deleting, setDeleting] = useState<{ server: MqttServer; isOpen: boolean } | null>(null);
  const remove = useDeleteMqttServer();
  const openDialog = useCallback((server: MqttServer) => setDeleting({ server, isOpen: true }), []);
  const closeDialog = () => setDeleting((current) => current && { ...current, isOpen: false });

  if (!servers.isSuccess) {
    return (
      <QueryFallback
        query={servers}
        skeletonClassName="h-48 w-full rounded-2xl"
        errorTitle={t('mqtt.servers.loadFailed')}
        errorMessage={(error) => mqttErrorDetail(t, error)}
      />
    );
  }
  if (servers.data.length === 0) {
    return <EmptyState title={t('mqtt.servers.emptyTitle')} message={t('mqtt.servers.emptyMessage')} />;
  }

  return (
    <>
      <MqttServersTable servers={servers.data} onDelete={openDialog} />
      <DeleteConfirmationDialog
        isOpen={deleting?.isOpen ?? false}
        title={t('mqtt.servers.deleteTitle', { name: deleting?.server.name ?? '' })}
        message={t('mqtt.servers.deleteMessage')}
        isPending={remove.isPending}
        onClose={closeDialog}
        onConfirm={() => {
          if (!deleting) return;
          const { server } = deleting;
          remove.mutate(server.id, {
            onSuccess: () => {
              notifySuccess(t('mqtt.servers.deleted'));
              closeDialog();
            },
            onError: (error) => notifyError(t('mqtt.servers.deleteFailed'), mqttErrorDetail(t, error)),
          });
        }}
      />
    </>
  );
}

type MqttServersTableProps = { servers: MqttServer[]; onDelete: (server: MqttServer) => void };

function MqttServersTable({ servers, onDelete }: MqttServersTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <ScrollTable aria-label={t('mqtt.servers.tableLabel')}>
      <Table.Header>
        <Table.Column isRowHeader>{t('mqtt.servers.name')}</Table.Column>
        <Table.Column>{t('mqtt.servers.status')}</Table.Column>
      </Table.Header>
      <Table.Body
        items={servers}
        // Rows are cached by item: what they read besides it is listed here (README). Status
        // and test read their own queries inside their cells.
        dependencies={[i18n.language, onDelete]}
      >
        {(server) => (
          <Table.Row id={server.id}>
            {/* Two columns with the actions under the name, so a phone shows all without scrolling. */}
            <Table.Cell className="w-1/2 align-top">
              <div className="flex min-w-0 flex-col items-start gap-1">
                <span className="font-medium [overflow-wrap:anywhere]">{server.name}</span>
                <span className="text-sm text-muted [overflow-wrap:anywhere]">
                  {server.useTls ? 'mqtts' : 'mqtt'}://{server.host}:{server.port}
                </span>
                <div className="mt-2 flex flex-wrap gap-2">
                  <Link
                    to={`/mqtt/servers/${server.id}`}
                    className={buttonVariants({ variant: 'secondary', size: 'sm' })}
                    aria-label={t('mqtt.servers.editLabel', { name: server.name })}
                  >
                    {t('mqtt.edit')}
                  </Link>
                  <Button
                    size="sm"
                    variant="danger-soft"
                    aria-label={t('mqtt.servers.deleteLabel', { name: server.name })}
                    onPress={() => onDelete(server)}
                  >
                    {t('mqtt.delete')}
                  </Button>
                </div>
              </div>
            </Table.Cell>
            <Table.Cell className="w-1/2 align-top">
              <div className="flex min-w-0 flex-col gap-3">
                <MqttServerStatus serverId={server.id} />
                <MqttServerTest serverId={server.id} serverName={server.name} />
              </div>
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </ScrollTable>
  );
}
