import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResourceUsageRecord, UsageSummary } from '@toolpass/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi as fakeApiByPath } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import UsageCharts from './usage-charts.tsx';
import { UsageExport } from './usage-export.tsx';

const record: ResourceUsageRecord = {
  resource: { id: 7, name: 'Laser cutter' },
  user: { id: 3, username: 'ada' },
  startTime: '2026-11-10T09:00:00.000Z',
  endTime: '2026-11-10T10:30:00.000Z',
  usageInMinutes: 90,
  startNotes: null,
  endNotes: null,
};

const busyHours = Array.from({ length: 168 }, (_, index) => ({
  weekday: Math.floor(index / 24) + 1,
  hour: index % 24,
  hours: index === 9 ? 1.5 : 0,
}));
const summary: UsageSummary = {
  timeZone: 'UTC',
  totalHours: 1.5,
  resources: [{ resource: { id: 7, name: 'Laser cutter' }, hours: 1.5 }],
  sessionsPerDay: [
    { date: '2026-11-10', sessions: 1 },
    { date: '2026-11-11', sessions: 0 },
  ],
  busyHours,
  topUsers: [{ user: { id: 3, username: 'ada' }, hours: 1.5 }],
};
const emptySummary: UsageSummary = {
  ...summary,
  totalHours: 0,
  resources: [],
  sessionsPerDay: summary.sessionsPerDay.map((day) => ({ ...day, sessions: 0 })),
  busyHours: busyHours.map((cell) => ({ ...cell, hours: 0 })),
  topUsers: [],
};

beforeEach(() => {
  // happy-dom lays nothing out: give the preview's scrolling region its spec height of 500 px.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(500);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The shared fake, with the whole URL of each request kept (the download's query is what matters here). */
function fakeApi(answers: Parameters<typeof fakeApiByPath>[0]) {
  fakeApiByPath(answers);
  const answer = globalThis.fetch;
  const sent: { path: string; url: string }[] = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    sent.push({ path: String(input).split('?')[0] ?? '', url: String(input) });
    return answer(input, init);
  });
  return sent;
}

const routes = () => ({
  'GET /api/analytics/resource-usage-hours': { status: 200, body: [record] },
  'GET /api/analytics/resource-usage.csv': { status: 200, body: 'resourceId;resourceName\r\n' },
  // An empty summary unless a test is about the charts: drawing them is the slowest part here.
  'GET /api/analytics/usage-summary': { status: 200, body: emptySummary },
});

const renderExport = () => renderRoute(<UsageExport showCharts />, { path: '/usage', pattern: '/usage' });

/** Picks the 10th to the 12th of the month the calendar shows. */
async function pickRange() {
  const calendar = screen.getByRole('application');
  const cell = (day: string) =>
    within(calendar).getAllByRole('button', { name: new RegExp(`\\b${day}\\b`) })[0];
  await userEvent.click(cell('10') as HTMLElement);
  await userEvent.click(cell('12') as HTMLElement);
}

const csvRequests = (sent: ReturnType<typeof fakeApi>) =>
  sent
    .filter((request) => request.path === '/api/analytics/resource-usage.csv')
    .map((request) => new URL(request.url, 'http://x'));

describe('CSV export', () => {
  it('starts with the last 30 days, today included, and shows the days as chosen', async () => {
    const sent = fakeApi(routes());
    renderExport();
    const last = new Date();
    const first = new Date(last.getFullYear(), last.getMonth(), last.getDate() - 29);
    const day = (date: Date) =>
      `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
    expect(screen.getByText(`${day(first)} to ${day(last)}, both days included`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' }).hasAttribute('disabled')).toBe(false);
    // The charts ask for the range without a pick: from the first day's midnight to the one after today.
    await vi.waitFor(() => expect(sent.some((request) => request.path.endsWith('usage-summary'))).toBe(true));
    const summaryUrl = new URL(
      sent.find((request) => request.path.endsWith('usage-summary'))?.url ?? '',
      'http://x',
    );
    expect(summaryUrl.searchParams.get('start')).toBe(first.toISOString());
    const afterToday = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
    expect(summaryUrl.searchParams.get('end')).toBe(afterToday.toISOString());
  });

  it('names the download by the chosen days and asks for the header row in the viewer’s language', async () => {
    const sent = fakeApi(routes());
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderExport();
    await pickRange();
    // The calendar opens on the current month, the default range's last.
    const shown = new Date();
    const month = String(shown.getMonth() + 1).padStart(2, '0');
    expect(
      screen.getByText(
        `10/${month}/${shown.getFullYear()} to 12/${month}/${shown.getFullYear()}, both days included`,
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Download' }));
    await vi.waitFor(() => expect(names).toHaveLength(1));
    expect(names[0]).toBe(
      `usage-${shown.getFullYear()}-${month}-10-to-${shown.getFullYear()}-${month}-12.csv`,
    );
    expect(csvRequests(sent)[0]?.searchParams.get('headerLanguage')).toBe('en');
  });

  it('previews the records of the range and downloads the default columns', async () => {
    const sent = fakeApi(routes());
    renderExport();
    await pickRange();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const table = await screen.findByRole('table', { name: 'Usage records in the range' });
    expect(within(table).getByText('Laser cutter')).toBeTruthy();
    expect(within(table).getByText('ada')).toBeTruthy();
    expect(screen.getByText('Usage records in this range: 1.')).toBeTruthy();
    const recordsUrl = new URL(
      sent.find((request) => request.path.endsWith('resource-usage-hours'))?.url ?? '',
      'http://x',
    );
    expect(recordsUrl.searchParams.get('start')).toMatch(/Z$/);

    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await vi.waitFor(() => expect(csvRequests(sent)).toHaveLength(1));
    const [url] = csvRequests(sent);
    expect(url?.searchParams.get('columns')).toBe('resourceId,resourceName,userId,username,usageInHours');
    expect(url?.searchParams.get('start')).toBe(recordsUrl.searchParams.get('start'));
    expect(url?.searchParams.has('groupByUserAndResource')).toBe(false);
  });

  it('sends the chosen columns and the grouping flag', async () => {
    const sent = fakeApi(routes());
    renderExport();
    await pickRange();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByRole('table', { name: 'Usage records in the range' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'User ID' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Username' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Start (UTC)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Group by user and resource/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    await vi.waitFor(() => expect(csvRequests(sent)).toHaveLength(1));
    const [url] = csvRequests(sent);
    expect(url?.searchParams.get('columns')).toBe('resourceId,resourceName,usageInHours,startTime');
    expect(url?.searchParams.get('groupByUserAndResource')).toBe('true');
  });

  it('requires at least one column and says when the range has no usage', async () => {
    fakeApi({ ...routes(), 'GET /api/analytics/resource-usage-hours': { status: 200, body: [] } });
    renderExport();
    await pickRange();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('No usage in this range')).toBeTruthy();
    for (const column of ['Resource ID', 'Resource', 'User ID', 'Username', 'Usage (hours)']) {
      await userEvent.click(screen.getByRole('checkbox', { name: column }));
    }
    expect(screen.getByText('Choose at least one column.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' }).hasAttribute('disabled')).toBe(true);
  });

  it('virtualises the preview: of 2,000 records only the rows in view are in the DOM', async () => {
    const many = Array.from({ length: 2000 }, (_, index) => ({
      ...record,
      user: { id: index, username: `user${index}` },
    }));
    fakeApi({ ...routes(), 'GET /api/analytics/resource-usage-hours': { status: 200, body: many } });
    renderExport();
    await pickRange();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const table = await screen.findByRole('table', { name: 'Usage records in the range' });
    expect(table.getAttribute('aria-rowcount')).toBe('2001');
    const rows = within(table).getAllByRole('row');
    // The header, 500 / 40 rows in view and the overscan: far fewer than 2,000.
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(40);
    expect(rows[1]?.getAttribute('aria-rowindex')).toBe('2');
    expect(within(table).getByText('user0')).toBeTruthy();
    expect(within(table).queryByText('user1999')).toBeNull();
  });

  it('charts the range with each chart’s numbers in a table', async () => {
    const sent = fakeApi({ ...routes(), 'GET /api/analytics/usage-summary': { status: 200, body: summary } });
    renderExport();
    await pickRange();
    expect(await screen.findByRole('heading', { name: 'Hours per resource' })).toBeTruthy();
    const resources = screen.getByRole('table', { name: 'Hours per resource' });
    expect(within(resources).getByRole('row', { name: 'Laser cutter 1.5' })).toBeTruthy();
    const days = screen.getByRole('table', { name: 'Sessions started per day' });
    expect(within(days).getByRole('row', { name: '10/11/2026 1' })).toBeTruthy();
    const busy = screen.getByRole('table', { name: 'Busiest hours of the week (hours in use)' });
    expect(within(busy).getByRole('rowheader', { name: 'Monday' }).closest('tr')?.textContent).toContain(
      '1.5',
    );
    const users = screen.getByRole('table', { name: 'Top 10 users by hours' });
    expect(within(users).getByRole('row', { name: 'ada 1.5' })).toBeTruthy();
    const summaryUrl = new URL(
      sent.find((request) => request.path.endsWith('usage-summary'))?.url ?? '',
      'http://x',
    );
    expect(summaryUrl.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('says when the range has no sessions instead of empty charts', async () => {
    fakeApi(routes());
    renderExport();
    await pickRange();
    expect(await screen.findByText('No sessions in this range')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Hours per resource' })).toBeNull();
  });

  it('asks for a shorter range than the summary allows instead of asking the server', async () => {
    const sent = fakeApi(routes());
    renderRoute(
      <UsageCharts range={{ start: '2020-01-01T00:00:00.000Z', end: '2021-01-03T00:00:00.000Z' }} />,
      {
        path: '/csv-export',
        pattern: '/csv-export',
      },
    );
    expect(await screen.findByText(/Charts cover at most 367 days/)).toBeTruthy();
    expect(sent.filter((request) => request.path.endsWith('usage-summary'))).toHaveLength(0);
  });
});
