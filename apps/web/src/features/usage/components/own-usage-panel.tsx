import { Button, Description, Label, TextArea, TextField } from '@heroui/react';
import { NOTES_MAX_LENGTH, type UsageSession } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LengthHint } from '../../../components/length-hint.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { ElapsedTimer } from './elapsed-timer.tsx';

type OwnUsagePanelProps = {
  session: UsageSession;
  isPending: boolean;
  onEnd: (notes: string) => void;
};

/**
 * The viewer is using the resource: since when, for how long, and the way to stop. The end notes
 * sit beside the button, so ending with notes and without them are the same single press (issue 28:
 * a menu arrow hid the notes). Offline the button is disabled and says why.
 */
export function OwnUsagePanel({ session, isPending, onEnd }: OwnUsagePanelProps) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const [notes, setNotes] = useState('');
  return (
    <div className="flex flex-col gap-4">
      <p className="font-medium">{t('usage.own.title')}</p>
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        <div>
          <dt className="text-sm text-muted">{t('usage.startedAt')}</dt>
          <dd>{formatDateTime(session.startTime)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('usage.own.elapsed')}</dt>
          <dd>
            <ElapsedTimer since={session.startTime} />
          </dd>
        </div>
      </dl>
      <TextField name="endNotes" value={notes} onChange={setNotes} className="w-full max-w-md">
        <Label>{t('usage.own.notesLabel')}</Label>
        <TextArea rows={2} />
        <Description>{t('usage.notes.optional')}</Description>
        <LengthHint value={notes} max={NOTES_MAX_LENGTH} />
      </TextField>
      <div className="flex flex-col items-start gap-1">
        <Button
          variant="danger-soft"
          isPending={isPending}
          isDisabled={isPending || !isOnline || notes.length > NOTES_MAX_LENGTH}
          onPress={() => onEnd(notes)}
        >
          {t('usage.own.end')}
        </Button>
        {!isOnline && <p className="text-sm text-muted">{t('pwa.needsConnection')}</p>}
      </div>
    </div>
  );
}
