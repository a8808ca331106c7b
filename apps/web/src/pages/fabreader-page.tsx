import { Button } from '@heroui/react';
import type { Reader } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { FlasherModal } from '../features/readers/components/flasher-modal.tsx';
import { PairReaderModal } from '../features/readers/components/pair-reader-modal.tsx';
import { ReaderEditModal } from '../features/readers/components/reader-edit-modal.tsx';
import { ReaderList } from '../features/readers/components/reader-list.tsx';
import { currentFlasherSupport } from '../features/readers/flasher/flasher-support.ts';

/** Each opening counts up, so every opening of a modal starts a fresh form. */
type Opening<T> = { target: T; isOpen: boolean; opening: number };
const open = <T,>(current: Opening<T> | undefined, target: T): Opening<T> => ({
  target,
  isOpen: true,
  opening: (current?.opening ?? 0) + 1,
});
const close = <T,>(current: Opening<T> | undefined) => current && { ...current, isOpen: false };

/** /fabreader, for holders of canManageSystemConfiguration (spec 02 §2). */
export default function FabreaderPage() {
  const { t } = useTranslation();
  // The target stays set while a modal fades out, so its content does not jump.
  const [editing, setEditing] = useState<Opening<Reader>>();
  const [pairing, setPairing] = useState<Opening<null>>();
  const [flashing, setFlashing] = useState<Opening<null>>();

  return (
    <>
      <PageHeader
        title={t('readers.title')}
        subtitle={t('readers.subtitle')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onPress={() => setFlashing((current) => open(current, null))}>
              {t('readers.flash')}
            </Button>
            <Button onPress={() => setPairing((current) => open(current, null))}>{t('readers.pair')}</Button>
          </div>
        }
      />
      <ReaderList onEdit={(reader) => setEditing((current) => open(current, reader))} />
      <PairReaderModal
        key={`pair-${pairing?.opening ?? 0}`}
        isOpen={pairing?.isOpen ?? false}
        onClose={() => setPairing(close)}
      />
      <ReaderEditModal
        key={`edit-${editing?.opening ?? 0}`}
        reader={editing?.target}
        isOpen={editing?.isOpen ?? false}
        onClose={() => setEditing(close)}
      />
      <FlasherModal
        key={`flash-${flashing?.opening ?? 0}`}
        isOpen={flashing?.isOpen ?? false}
        onClose={() => setFlashing(close)}
        support={currentFlasherSupport()}
      />
    </>
  );
}
