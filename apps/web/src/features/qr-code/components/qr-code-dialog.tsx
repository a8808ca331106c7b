import { Button, Input, Label, Modal, Radio, RadioGroup, TextField } from '@heroui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { QR_ACTIONS, type QrAction } from '../../usage/qr-deep-link.ts';
import { downloadCanvasAsPng } from '../qr-code-image.ts';
import { qrCodeFileName, qrCodeLink } from '../qr-code-link.ts';
import { QrCodeCanvas } from './qr-code-canvas.tsx';

type QrCodeDialogProps = { resourceId: number; isOpen: boolean; onOpenChange: (isOpen: boolean) => void };

/** A printable QR code that opens the resource, optionally starting or stopping a session (spec 02 §2). */
export function QrCodeDialog({ resourceId, isOpen, onOpenChange }: QrCodeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal.Backdrop isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal.Container scroll="outside">
        <Modal.Dialog>
          <Modal.CloseTrigger aria-label={t('qrCode.close')} />
          <Modal.Header>
            <Modal.Heading>{t('qrCode.title')}</Modal.Heading>
          </Modal.Header>
          <QrCodeDialogContent resourceId={resourceId} />
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}

function QrCodeDialogContent({ resourceId }: { resourceId: number }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<QrAction>('view');
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [isDrawn, setIsDrawn] = useState(false);
  const link = qrCodeLink(window.location.origin, resourceId, action);
  const actionLabels: Record<QrAction, string> = {
    start: t('qrCode.actions.start'),
    startAndTakeover: t('qrCode.actions.startAndTakeover'),
    stop: t('qrCode.actions.stop'),
    view: t('qrCode.actions.view'),
  };

  // The clipboard is missing outside secure contexts; that failure is reported like any other.
  const copyLink = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(link))
      .then(
        () => notifySuccess(t('qrCode.copied')),
        () => notifyError(t('qrCode.copyFailed')),
      );
  const download = () => {
    if (!canvasRef.current) return;
    downloadCanvasAsPng(canvasRef.current, qrCodeFileName(resourceId)).catch(() =>
      notifyError(t('qrCode.downloadFailed')),
    );
  };

  return (
    <>
      <Modal.Body className="flex flex-col gap-5">
        <RadioGroup
          variant="secondary"
          name="qrAction"
          value={action}
          onChange={(value) => setAction(value as QrAction)}
        >
          <Label>{t('qrCode.action')}</Label>
          {QR_ACTIONS.map((value) => (
            <Radio key={value} value={value}>
              <Radio.Content>
                <Radio.Control>
                  <Radio.Indicator />
                </Radio.Control>
                {actionLabels[value]}
              </Radio.Content>
            </Radio>
          ))}
        </RadioGroup>
        <QrCodeCanvas text={link} canvasRef={canvasRef} onDrawnChange={setIsDrawn} />
        <div className="flex items-end gap-2">
          <TextField variant="secondary" className="flex-1" value={link} isReadOnly>
            <Label>{t('qrCode.link')}</Label>
            <Input />
          </TextField>
          <Button variant="secondary" onPress={copyLink}>
            {t('qrCode.copy')}
          </Button>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="tertiary" slot="close">
          {t('qrCode.close')}
        </Button>
        <Button isDisabled={!isDrawn} onPress={download}>
          {t('qrCode.download')}
        </Button>
      </Modal.Footer>
    </>
  );
}
