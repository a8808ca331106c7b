import { Alert, AlertDialog, Button, Label, ListBox, Modal, ProgressBar, Select } from '@heroui/react';
import type { FirmwareEntry } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadingView } from '../../../components/loading-view.tsx';
import { ModalShell } from '../../../components/modal-shell.tsx';
import { useFlashReader } from '../api/use-flash-reader.ts';
import { useFirmwareIndex } from '../api/use-readers.ts';
import { firmwareLabel } from '../flasher/firmware-files.ts';
import { choosePort, NoPortChosenError } from '../flasher/flash-reader.ts';
import type { FlasherSupport } from '../flasher/flasher-support.ts';
import { readerErrorDetail } from '../hooks/reader-error-messages.ts';

type FlasherModalProps = { isOpen: boolean; onClose: () => void; support: FlasherSupport };

/** Writes reader firmware over Web Serial (spec 02 §2, §8 "Flasher"). */
export function FlasherModal({ isOpen, onClose, support }: FlasherModalProps) {
  const { t } = useTranslation();
  return (
    <ModalShell isOpen={isOpen} onClose={onClose}>
      <Modal.CloseTrigger aria-label={t('common.close')} />
      <Modal.Header>
        <Modal.Heading>{t('flasher.title')}</Modal.Heading>
      </Modal.Header>
      <Modal.Body className="flex flex-col gap-4">
        {support === 'supported' ? <Flasher /> : <FlasherUnavailable support={support} />}
      </Modal.Body>
      <Modal.Footer>
        <Button slot="close" variant="tertiary">
          {t('flasher.close')}
        </Button>
      </Modal.Footer>
    </ModalShell>
  );
}

function FlasherUnavailable({ support }: { support: Exclude<FlasherSupport, 'supported'> }) {
  const { t } = useTranslation();
  const https = support === 'requires-https';
  return (
    <Alert status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{https ? t('flasher.httpsTitle') : t('flasher.unsupportedTitle')}</Alert.Title>
        <Alert.Description>
          {https ? t('flasher.httpsMessage') : t('flasher.unsupportedMessage')}
        </Alert.Description>
      </Alert.Content>
    </Alert>
  );
}

function Flasher() {
  const { t } = useTranslation();
  const index = useFirmwareIndex(true);

  if (index.isPending) return <LoadingView label={t('flasher.loading')} />;
  if (index.isError) {
    return (
      <LoadError
        title={t('flasher.loadFailed')}
        message={readerErrorDetail(t, index.error)}
        onRetry={() => void index.refetch()}
      />
    );
  }
  if (index.data.firmwares.length === 0) {
    return (
      <Alert status="default">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('flasher.emptyTitle')}</Alert.Title>
          <Alert.Description>{t('flasher.emptyMessage')}</Alert.Description>
        </Alert.Content>
      </Alert>
    );
  }
  return <FlashForm firmwares={index.data.firmwares} />;
}

function FlashForm({ firmwares }: { firmwares: FirmwareEntry[] }) {
  const { t } = useTranslation();
  const [environment, setEnvironment] = useState<string | null>(firmwares[0]?.environment ?? null);
  const [noPort, setNoPort] = useState(false);
  const [portError, setPortError] = useState<string | undefined>();
  const flash = useFlashReader();
  const firmware = firmwares.find((entry) => entry.environment === environment);

  const start = async () => {
    if (!firmware) return;
    setPortError(undefined);
    let port: SerialPort;
    try {
      port = await choosePort();
    } catch (error) {
      if (error instanceof NoPortChosenError) setNoPort(true);
      else setPortError(error instanceof Error ? error.message : String(error));
      return;
    }
    flash.mutate({ port, firmware });
  };
  const failure = portError ?? (flash.isError ? readerErrorDetail(t, flash.error) : undefined);

  return (
    <>
      <Select
        variant="secondary"
        name="firmware"
        className="w-full min-w-0"
        isRequired
        isDisabled={flash.isPending}
        placeholder={t('flasher.firmwarePlaceholder')}
        value={environment}
        onChange={(key) => setEnvironment(key === null ? null : String(key))}
      >
        <Label>{t('flasher.firmware')}</Label>
        <Select.Trigger>
          <Select.Value className="[overflow-wrap:anywhere]" />
          <Select.Indicator />
        </Select.Trigger>
        <Select.Popover>
          <ListBox items={firmwares.map((entry) => ({ ...entry, id: entry.environment }))}>
            {(entry) => (
              <ListBox.Item id={entry.environment} textValue={firmwareLabel(entry)}>
                <span className="[overflow-wrap:anywhere]">{firmwareLabel(entry)}</span>
                <ListBox.ItemIndicator />
              </ListBox.Item>
            )}
          </ListBox>
        </Select.Popover>
      </Select>
      <p className="text-muted">{t('flasher.connectHint')}</p>
      {flash.isPending &&
        (flash.progress ? (
          <ProgressBar value={flash.progress.percent}>
            <Label>
              {t('flasher.progress', { image: flash.progress.image, images: flash.progress.images })}
            </Label>
            <ProgressBar.Output />
            <ProgressBar.Track>
              <ProgressBar.Fill />
            </ProgressBar.Track>
          </ProgressBar>
        ) : (
          <LoadingView label={t('flasher.preparing')} />
        ))}
      {flash.isSuccess && (
        <Alert status="success">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('flasher.done')}</Alert.Title>
          </Alert.Content>
        </Alert>
      )}
      {failure !== undefined && (
        <Alert status="danger" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('flasher.failedTitle')}</Alert.Title>
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Content>
        </Alert>
      )}
      <Button
        className="self-start"
        isDisabled={!firmware}
        isPending={flash.isPending}
        onPress={() => void start()}
      >
        {t('flasher.start')}
      </Button>
      <NoPortDialog isOpen={noPort} onClose={() => setNoPort(false)} />
    </>
  );
}

/** Spec 02 §8: cancelling the port picker opens a dialog that says no port was chosen. */
function NoPortDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Backdrop
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialog.Container>
        <AlertDialog.Dialog>
          <AlertDialog.Header>
            <AlertDialog.Icon status="warning" />
            <AlertDialog.Heading>{t('flasher.noPortTitle')}</AlertDialog.Heading>
          </AlertDialog.Header>
          <AlertDialog.Body>
            <p>{t('flasher.noPortMessage')}</p>
          </AlertDialog.Body>
          <AlertDialog.Footer>
            <Button slot="close">{t('flasher.ok')}</Button>
          </AlertDialog.Footer>
        </AlertDialog.Dialog>
      </AlertDialog.Container>
    </AlertDialog.Backdrop>
  );
}
