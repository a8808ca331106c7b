import { Card } from '@heroui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useStatusHistory } from '../api/use-status-history.ts';

/** When the resource went out of order, why and by whom, and when it came back (decision 21). */
export function StatusHistoryCard({ resourceId }: { resourceId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const history = useStatusHistory(resourceId);
  if (!history.data || history.data.length === 0) return null;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <Card.Header>
        <Card.Title id={titleId}>{t('safetyRules.history.title')}</Card.Title>
      </Card.Header>
      <Card.Content>
        <ul className="flex flex-col gap-2">
          {history.data.map((entry) => (
            <li key={entry.id} className="text-sm wrap-anywhere">
              <span className="font-medium">{formatDateTime(entry.createdAt)}</span>{' '}
              {entry.outOfOrder
                ? t('safetyRules.history.marked', {
                    user: entry.by?.username ?? '-',
                    reason: entry.reason ?? '',
                  })
                : t('safetyRules.history.back', { user: entry.by?.username ?? '-' })}
            </li>
          ))}
        </ul>
      </Card.Content>
    </Card>
  );
}
