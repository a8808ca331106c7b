import { Pagination } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { pageNumbers } from './page-numbers.ts';

/**
 * On a phone "Previous" and "Next" show only their arrows (the words stay their names) and the
 * current page has no neighbours, so the buttons fit a card 320 px wide.
 */
const LABEL = 'max-sm:sr-only';
/** Below Tailwind's `sm`: the same width at which the labels hide. */
const PHONE = '(max-width: 639.98px)';

type PagePaginationProps = { page: number; totalPages: number; onChange: (page: number) => void };

/** Previous, page numbers and next; nothing when everything fits on one page. */
export function PagePagination({ page, totalPages, onChange }: PagePaginationProps) {
  const { t } = useTranslation();
  // On a phone no neighbours around the current page: at most seven buttons fit 320 px.
  const siblings = useMediaQuery(PHONE) ? 0 : 1;
  if (totalPages <= 1) return null;
  return (
    <Pagination aria-label={t('pagination.label')}>
      <Pagination.Content>
        <Pagination.Item>
          <Pagination.Previous isDisabled={page <= 1} onPress={() => onChange(page - 1)}>
            <Pagination.PreviousIcon />
            <span className={LABEL}>{t('pagination.previous')}</span>
          </Pagination.Previous>
        </Pagination.Item>
        {pageNumbers(page, totalPages, siblings).map((slot) =>
          typeof slot === 'number' ? (
            <Pagination.Item key={slot}>
              <Pagination.Link
                isActive={slot === page}
                aria-current={slot === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: slot })}
                onPress={() => onChange(slot)}
              >
                {slot}
              </Pagination.Link>
            </Pagination.Item>
          ) : (
            <Pagination.Item key={slot}>
              <Pagination.Ellipsis />
            </Pagination.Item>
          ),
        )}
        <Pagination.Item>
          <Pagination.Next isDisabled={page >= totalPages} onPress={() => onChange(page + 1)}>
            <span className={LABEL}>{t('pagination.next')}</span>
            <Pagination.NextIcon />
          </Pagination.Next>
        </Pagination.Item>
      </Pagination.Content>
    </Pagination>
  );
}
