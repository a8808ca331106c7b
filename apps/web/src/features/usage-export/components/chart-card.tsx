import { Card } from '@heroui/react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A chart's frame: its title, the chart as one labelled image, and a table with the same numbers. */
export function ChartCard({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card className="min-w-0 gap-3 p-4">
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <h2 id={headingId} className="font-medium">
          {title}
        </h2>
        {/* The drawing is one image to assistive technology; the table below carries the numbers. */}
        <div role="img" aria-label={title}>
          {chart}
        </div>
        <details>
          <summary className="cursor-pointer text-sm underline underline-offset-2">
            {t('usageCharts.showTable')}
          </summary>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe). */}
          <div className="mt-2 max-h-80 overflow-auto rounded-xl border border-separator" tabIndex={0}>
            {table}
          </div>
        </details>
      </section>
    </Card>
  );
}

export function DataTable({
  label,
  head,
  rows,
}: {
  label: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <table className="w-full text-left text-sm" aria-label={label}>
      <thead className="sticky top-0 bg-surface">
        <tr>
          {head.map((cell, index) => (
            <th key={cell} scope="col" className={`px-3 py-2 ${index > 0 ? 'text-right' : ''}`}>
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...rest], rowIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows keep their order; names may repeat.
          <tr key={rowIndex} className="border-t border-separator">
            <th scope="row" className="px-3 py-2 font-normal">
              {first}
            </th>
            {rest.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are positional.
              <td key={index} className="px-3 py-2 text-right tabular-nums">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
