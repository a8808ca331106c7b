import { Button, Form, Modal } from '@heroui/react';
import type { MqttServer } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/submit-button.tsx';
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
    <Modal.Backdrop isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal.Container scroll="outside" size="lg">
        <Modal.Dialog>
          {/* Mounted per opening, so each opening starts with an empty form. */}
          <CreateServerForm
            onCreated={(server) => {
              onOpenChange(false);
              onCreated(server);
            }}
          />
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}

function CreateServerForm({ onCreated }: { onCreated: (server: MqttServer) => void }) {
  const { t } = useTranslation();
  const form = useMqttServerForm(undefined, onCreated);
  return (
    <Form
      validationBehavior="aria"
      className="flex flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        // React bubbles a submit through its own tree, portals included: a form that hosts this
        // modal must not be submitted with it.
        event.stopPropagation();
        form.submit();
      }}
    >
      <Modal.CloseTrigger aria-label={t('common.close')} />
      <Modal.Header>
        <Modal.Heading>{t('mqtt.serverForm.createTitle')}</Modal.Heading>
      </Modal.Header>
      <Modal.Body>
        <MqttServerFields form={form} />
      </Modal.Body>
      <Modal.Footer>
        <Button slot="close" variant="tertiary">
          {t('mqtt.cancel')}
        </Button>
        <SubmitButton isPending={form.isPending}>{t('mqtt.serverForm.create')}</SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
