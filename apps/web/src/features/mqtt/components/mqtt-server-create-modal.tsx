import type { MqttServer } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../../components/modal-form.tsx';
import { ModalShell } from '../../../components/modal-shell.tsx';
import { useMqttServerForm } from '../hooks/use-mqtt-server-form.ts';
import { MqttServerFields } from './mqtt-server-fields.tsx';

type MqttServerCreateModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onCreated: (server: MqttServer) => void;
};

/** A new server from within the configuration form, which then selects it (spec 02 §2). */
export function MqttServerCreateModal({ isOpen, onOpenChange, onCreated }: MqttServerCreateModalProps) {
  return (
    <ModalShell isOpen={isOpen} onClose={() => onOpenChange(false)} size="lg">
      {/* Mounted per opening, so each opening starts with an empty form. */}
      <CreateServerForm
        onCreated={(server) => {
          onOpenChange(false);
          onCreated(server);
        }}
      />
    </ModalShell>
  );
}

function CreateServerForm({ onCreated }: { onCreated: (server: MqttServer) => void }) {
  const { t } = useTranslation();
  const form = useMqttServerForm(undefined, onCreated);
  return (
    <ModalForm
      title={t('mqtt.serverForm.createTitle')}
      onSubmit={form.submit}
      isNested
      cancelLabel={t('mqtt.cancel')}
      submitLabel={t('mqtt.serverForm.create')}
      isPending={form.isPending}
    >
      <MqttServerFields form={form} />
    </ModalForm>
  );
}
