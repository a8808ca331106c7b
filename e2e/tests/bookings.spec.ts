import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { openSignedIn } from '../support/accounts.ts';
import { book, setBookingSettings } from '../support/bookings-api.ts';
import {
  createMember,
  createResource,
  createResourceManager,
  grantIntroduction,
} from '../support/detail-api.ts';
import { expect, expectAccessible, test } from '../support/fixtures.ts';

// Decision 23: a bookable machine's week calendar, "My bookings", the iCal feed, and the one rule
// where bookings meet sessions: during a member's booking nobody else can start the machine.

const unique = () => randomBytes(4).toString('hex');
const pad = (value: number) => String(value).padStart(2, '0');
const day = (at: Date) => `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`;
const hhmm = (at: Date) => `${pad(at.getHours())}:${pad(at.getMinutes())}`;

/** Monday 00:00 of the week after the one holding `at`, local time (weeks begin on Monday). */
function nextMonday(at: Date): Date {
  const sinceMonday = (at.getDay() + 6) % 7;
  return new Date(at.getFullYear(), at.getMonth(), at.getDate() - sinceMonday + 7);
}

const TEXTS = {
  en: {
    calendar: 'Bookings',
    myBookings: 'My bookings',
    upcoming: 'Upcoming bookings',
    start: 'Start Using Resource',
    bookedBy: (name: string, until: string) => `Booked by ${name} until ${until}`,
  },
  de: {
    calendar: 'Buchungen',
    myBookings: 'Meine Buchungen',
    upcoming: 'Kommende Buchungen',
    start: 'Ressource benutzen',
    bookedBy: (name: string, until: string) => `Gebucht von ${name} bis ${until}`,
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/** en and de, light and dark, each checked with axe. */
async function eachLook(page: Page, path: string, check: (texts: Texts) => Promise<void>) {
  for (const language of ['en', 'de'] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await test.step(`${language}, ${colorScheme}`, async () => {
        await page.emulateMedia({ colorScheme });
        await page.goto(`${path}?lng=${language}`);
        await check(TEXTS[language]);
        await expectAccessible(page);
      });
    }
  }
}

test('a member books a slot with the keyboard, finds it in My bookings and in the iCal feed', async ({
  page,
  browser,
}) => {
  // Twelve screens checked with axe, a week grid of 336 cells among them, on two shared cores.
  test.setTimeout(300_000);
  const manager = await createResourceManager('booking-manager');
  const member = await createMember('booking-member');
  const resource = await createResource(manager, { name: `Laser ${unique()}` });
  await grantIntroduction(manager, resource.id, member.id);

  await test.step('the manager makes the machine bookable in the edit dialog', async () => {
    await openSignedIn(page, manager, `/resources/${resource.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    // Arrow keys move a radio group's choice, as a keyboard user sets it.
    await dialog.getByRole('radio', { name: /^Walk-up/ }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: /^Bookable/ })).toBeChecked();
    await dialog.getByRole('spinbutton', { name: 'Slot step (minutes)' }).fill('30');
    await dialog.getByRole('spinbutton', { name: 'Shortest booking (minutes)' }).fill('60');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Resource Updated')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bookings' })).toBeVisible();
  });

  // Tuesday of next week, 09:00 to 10:00: always ahead, whatever the day the test runs.
  const tuesday = new Date(nextMonday(new Date()).getTime());
  tuesday.setDate(tuesday.getDate() + 1);
  const start = new Date(tuesday.getFullYear(), tuesday.getMonth(), tuesday.getDate(), 9, 0);
  const end = new Date(start.getTime() + 60 * 60_000);
  const memberPage = await (await browser.newContext()).newPage();

  await test.step('the member books with the keyboard only', async () => {
    await openSignedIn(memberPage, member, `/resources/${resource.id}?lng=en`);
    const calendar = memberPage.getByRole('region', { name: 'Bookings' });
    await calendar.getByRole('button', { name: 'Next week' }).press('Enter');
    const grid = calendar.getByRole('grid', { name: new RegExp(`Bookings of ${resource.name}`) });
    // The grid is one tab stop: Monday 08:00 of a week without today.
    await grid.locator('[tabindex="0"]').focus();
    await expect(grid.locator('[tabindex="0"]')).toBeFocused();
    await memberPage.keyboard.press('ArrowRight');
    await memberPage.keyboard.press('ArrowDown');
    await memberPage.keyboard.press('ArrowDown');
    await expect(memberPage.locator(':focus')).toHaveAttribute(
      'aria-label',
      `Tuesday ${day(start)} 09:00, free`,
    );
    await memberPage.keyboard.press('Enter');
    const dialog = memberPage.getByRole('dialog', { name: `Book ${resource.name} on ${day(start)}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /09:00.*Start/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /10:00.*End/ })).toBeVisible();
    await expectAccessible(memberPage);
    await dialog.getByRole('button', { name: 'Book' }).press('Enter');
    await expect(memberPage.getByText('Booked', { exact: true })).toBeVisible();
    await expect(
      grid.getByRole('gridcell', { name: `Tuesday ${day(start)} 09:00, your booking 09:00–10:00` }),
    ).toBeVisible();
  });

  await test.step('the calendar is accessible in en and de, light and dark', async () => {
    await eachLook(memberPage, `/resources/${resource.id}`, async (texts) => {
      const calendar = memberPage.getByRole('region', { name: texts.calendar });
      await expect(calendar.getByRole('grid')).toBeVisible();
    });
  });

  await test.step('My bookings lists it, in en and de, light and dark', async () => {
    await memberPage.goto('/resources?lng=en');
    await memberPage.getByRole('link', { name: 'My bookings' }).click();
    await expect(memberPage).toHaveURL(/\/bookings/);
    await eachLook(memberPage, '/bookings', async (texts) => {
      await expect(memberPage.getByRole('heading', { name: texts.myBookings, level: 1 })).toBeVisible();
      const upcoming = memberPage.getByRole('region', { name: texts.upcoming });
      await expect(upcoming.getByRole('link', { name: resource.name })).toBeVisible();
      await expect(upcoming).toContainText(`${day(start)} 09:00–10:00`);
    });
  });

  await test.step('the iCal feed parses and holds the booking', async () => {
    await memberPage.goto('/bookings?lng=en');
    const address = memberPage.getByRole('textbox', { name: 'Feed address (iCal)' });
    await expect(address).toHaveValue(/\/api\/bookings\/ical\/.+\.ics$/);
    const url = await address.inputValue();
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    const booked = events.find((event) => event.summary === resource.name);
    expect(booked?.startDate.toJSDate().getTime()).toBe(start.getTime());
    expect(booked?.endDate.toJSDate().getTime()).toBe(end.getTime());

    await test.step('renewing the address makes the old one stop working', async () => {
      await memberPage.getByRole('button', { name: 'Renew address' }).click();
      const confirm = memberPage.getByRole('alertdialog', { name: 'Renew the feed address?' });
      await expect(confirm).toContainText('The old address stops working');
      await expectAccessible(memberPage);
      await confirm.getByRole('button', { name: 'Renew address' }).click();
      await expect(address).not.toHaveValue(url);
      expect((await fetch(url)).status).toBe(404);
      expect((await fetch(await address.inputValue())).status).toBe(200);
    });
  });
});

test('during a member’s booking another member’s start is refused with the holder’s name', async ({
  page,
  browser,
}) => {
  // The booking must begin before the other member tries: with a one-minute step it begins
  // within a minute of being made.
  test.setTimeout(240_000);
  const manager = await createResourceManager('booked-manager');
  const holder = await createMember('holder');
  const other = await createMember('other');
  const resource = await createResource(manager, { name: `Printer ${unique()}` });
  await setBookingSettings(manager, resource.id, { bookingMode: 'bookable', bookingSlotMinutes: 1 });
  await grantIntroduction(manager, resource.id, holder.id);
  await grantIntroduction(manager, resource.id, other.id);

  const now = Date.now();
  // The next whole minute, with a few seconds to spare so it is not past when the server checks.
  const start = new Date(Math.ceil((now + 5_000) / 60_000) * 60_000);
  const end = new Date(start.getTime() + 30 * 60_000);
  await book(holder, resource.id, start, end);
  await expect
    .poll(() => Date.now(), { timeout: 75_000, intervals: [1_000] })
    .toBeGreaterThan(start.getTime() + 1_000);

  const otherPage = await (await browser.newContext()).newPage();
  await openSignedIn(otherPage, other, `/resources/${resource.id}`);
  for (const language of ['en', 'de'] as const) {
    await test.step(`refused in ${language}`, async () => {
      const texts = TEXTS[language];
      await otherPage.goto(`/resources/${resource.id}?lng=${language}`);
      await otherPage.getByRole('button', { name: texts.start, exact: true }).click();
      await expect(otherPage.getByText(texts.bookedBy(holder.username, hhmm(end)))).toBeVisible();
      await expectAccessible(otherPage);
    });
  }

  await test.step('the holder still starts it', async () => {
    await openSignedIn(page, holder, `/resources/${resource.id}?lng=en`);
    await page.getByRole('button', { name: TEXTS.en.start, exact: true }).click();
    await expect(page.getByText('Session started')).toBeVisible();
  });
});
