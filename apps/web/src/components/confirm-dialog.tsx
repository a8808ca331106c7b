import { AlertDialog, Button } from '@heroui/react';
import type { ReactNode } from 'react';
import { useNeedsConnection } from '../lib/use-is-online.ts';

type ConfirmDialogProps = {
  /**
   * The button that opens the dialog. Without one the caller opens it through `isOpen` (a row
   * action of a table, say).
   */
  trigger?: ReactNode;
  /** Controlled opening; leave both out to let the trigger open and close it. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** danger: something is deleted or taken away; warning: something changes for others. */
  tone?: 'danger' | 'warning';
  title: string;
  /** The dialog's text, one paragraph each. */
  paragraphs: string[];
  cancelLabel: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
};

/**
 * "Are you sure?" before an action that cannot be undone. The confirming button needs the
 * server, so it is disabled (and says why) while the device is offline.
 */
export function ConfirmDialog({
  trigger,
  isOpen,
  onOpenChange,
  tone = 'danger',
  title,
  paragraphs,
  cancelLabel,
  confirmLabel,
  isPending,
  onConfirm,
}: ConfirmDialogProps) {
  const needsConnection = useNeedsConnection();
  const controlled = isOpen === undefined ? {} : { isOpen, ...(onOpenChange ? { onOpenChange } : {}) };
  const dialog = (
    <AlertDialog.Backdrop {...(trigger === undefined ? controlled : {})}>
      <AlertDialog.Container>
        <AlertDialog.Dialog>
          <AlertDialog.Header>
            <AlertDialog.Icon status={tone} />
            <AlertDialog.Heading className="wrap-anywhere">{title}</AlertDialog.Heading>
          </AlertDialog.Header>
          <AlertDialog.Body className="flex flex-col gap-2">
            {paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </AlertDialog.Body>
          <AlertDialog.Footer>
            <Button slot="close" variant="tertiary">
              {cancelLabel}
            </Button>
            <Button variant="danger" {...needsConnection} isPending={isPending} onPress={onConfirm}>
              {confirmLabel}
            </Button>
          </AlertDialog.Footer>
        </AlertDialog.Dialog>
      </AlertDialog.Container>
    </AlertDialog.Backdrop>
  );
  if (trigger === undefined) return dialog;
  return (
    <AlertDialog {...controlled}>
      {trigger}
      {dialog}
    </AlertDialog>
  );
}
