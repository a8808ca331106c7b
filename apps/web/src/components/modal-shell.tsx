import { Modal } from '@heroui/react';
import type { ComponentProps, ReactNode } from 'react';

type ModalShellProps = {
  isOpen: boolean;
  /** Escape, the backdrop, a close button or a finished form: the owner decides what closing means. */
  onClose: () => void;
  size?: ComponentProps<typeof Modal.Container>['size'];
  children: ReactNode;
};

/** A dialog that scrolls with the page when it is taller than the screen. */
export function ModalShell({ isOpen, onClose, size, children }: ModalShellProps) {
  return (
    <Modal.Backdrop
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal.Container scroll="outside" size={size}>
        <Modal.Dialog>{children}</Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}
