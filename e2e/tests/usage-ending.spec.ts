import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { openSignedIn } from '../support/accounts.ts';
import {
  createMember,
  createResource,
  createResourceManager,
  grantIntroduction,
  usageHistory,
} from '../support/detail-api.ts';
import { DESKTOP_VIEWPORT, expect, expectAccessible, MOBILE_VIEWPORT, test } from '../support/fixtures.ts';
import { table } from '../support/introduction-page.ts';
import { startUsage } from '../support/resource-overview-api.ts';

/** A word only this run's resources contain, so searches ignore other specs' data. */
const unique = () => randomBytes(4).toString('hex');

const TEXTS = {
  en: {
    usage: 'Usage',
    inUse: 'In Use',
    end: 'End Session',
    endTitle: (username: string) => `End ${username}'s session`,
    reason: 'Reason',
    ended: 'Session Ended',
    start: 'Start Using Resource',
    history: 'Usage history',
    historyTitle: 'Usage History',
    pageSize: 'Rows per page',
    showAll: 'Show all users',
    user: 'User',
    endedBy: (username: string) => `Ended by ${username}`,
    endedByLabel: 'Ended by',
    details: 'Session details',
    close: 'Close',
    endNotes: 'End notes',
    optional: 'Notes are optional',
    hasNotes: 'Has notes',
    /** A session of a few seconds, e.g. "4s". */
    seconds: /^\d{1,2}s$/,
    search: 'Search resources',
    ungrouped: 'Resources in Ungrouped',
  },
  de: {
    usage: 'Nutzung',
    inUse: 'In Benutzung',
    end: 'Sitzung beenden',
    endTitle: (username: string) => `Sitzung von ${username} beenden`,
    reason: 'Grund',
    ended: 'Sitzung beendet',
    start: 'Ressource benutzen',
    history: 'Nutzungsverlauf',
    historyTitle: 'Nutzungsverlauf',
    pageSize: 'Zeilen pro Seite',
    showAll: 'Alle Benutzer anzeigen',
    user: 'Benutzer',
    endedBy: (username: string) => `Beendet von ${username}`,
    endedByLabel: 'Beendet von',
    details: 'Sitzungsdetails',
    close: 'Schließen',
    endNotes: 'Notizen zum Ende',
    optional: 'Notizen sind optional',
    hasNotes: 'Hat Notizen',
    seconds: /^\d{1,2}\s?Sek\.$/,
    search: 'Ressourcen suchen',
    ungrouped: 'Ressourcen in Ohne Gruppe',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/**
 * Every combination the screens must hold up in: phone and desktop, en and de, light and dark.
 * `prepare` runs before each look's page load (a session to end, for instance).
 */
async function eachLook(
  page: Page,
  path: string,
  check: (texts: Texts, look: string) => Promise<void>,
  prepare: () => Promise<unknown> = async () => undefined,
) {
  for (const viewport of [MOBILE_VIEWPORT, DESKTOP_VIEWPORT]) {
    for (const language of ['en', 'de'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const look = `${viewport.width} px, ${language}, ${colorScheme}`;
        await test.step(look, async () => {
          await prepare();
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme });
          await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${language}`);
          await check(TEXTS[language], look);
        });
      }
    }
  }
}

/** A running timer: hh:mm:ss that changes within two seconds. */
async function expectTicking(page: Page, scope = page.locator('body')) {
  const timer = scope.getByRole('timer').first();
  await expect(timer).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  const reading = await timer.textContent();
  await expect(timer).not.toHaveText(reading ?? '', { timeout: 2_500 });
}

/**
 * The history once it holds the session just ended: the end's toast comes after the history's
 * refetch began (the mutation's own callbacks run first), and the card is busy until it is back.
 */
async function freshHistory(page: Page, texts: Texts) {
  const region = page.getByRole('region', { name: texts.historyTitle, exact: true });
  await expect(region.locator('[aria-busy="true"]')).toHaveCount(0);
  return table(page, texts.history);
}

/** Tabs from the history's page size select until a row of the history has the focus. */
async function tabIntoHistory(page: Page, texts: Texts) {
  const region = page.getByRole('region', { name: texts.historyTitle, exact: true });
  await region.getByRole('button', { name: new RegExp(texts.pageSize) }).focus();
  for (let presses = 0; presses < 8; presses++) {
    await page.keyboard.press('Tab');
    const inRow = await page.evaluate(
      () =>
        document.activeElement?.closest('[role="grid"] [role="row"]:not(:has([role="columnheader"]))') !==
        null,
    );
    if (inRow) return;
  }
  throw new Error('Tab never reached a row of the usage history');
}

test("a manager ends another member's forgotten session with a reason; the history names the manager", async ({
  page,
}) => {
  // Eight looks, each with a session to end and axe twice: most of two minutes on 2 cores.
  test.setTimeout(300_000);
  const manager = await createResourceManager('ending-manager');
  const member = await createMember('forgetful-member');
  const resource = await createResource(manager, { name: `Router ${unique()}` });
  await grantIntroduction(manager, resource.id, member.id);
  await openSignedIn(page, manager, `/resources/${resource.id}`);

  await eachLook(
    page,
    `/resources/${resource.id}`,
    async (texts, look) => {
      const card = page.getByRole('region', { name: texts.usage, exact: true });
      await expect(card.getByText(texts.inUse, { exact: true })).toBeVisible();
      await expect(card.getByText(member.username, { exact: true })).toBeVisible();
      await expectTicking(page, card);
      await expectAccessible(page);

      await card.getByRole('button', { name: texts.end, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: texts.endTitle(member.username) });
      const confirm = dialog.getByRole('button', { name: texts.end, exact: true });
      // A reason is required: it is all the member learns of why.
      await expect(confirm).toBeDisabled();
      const reason = `Left running overnight (${look})`;
      await dialog.getByRole('textbox', { name: texts.reason }).fill(reason);
      await expectAccessible(page);
      await confirm.click();
      await expect(page.getByText(texts.ended, { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: texts.start })).toBeVisible();

      // Everyone's sessions are shown to a manager without ticking anything.
      await expect(page.getByRole('checkbox', { name: texts.showAll })).toBeChecked();
      const history = await freshHistory(page, texts);
      await expect(history.getByRole('columnheader', { name: texts.user })).toBeVisible();
      const newest = history.getByRole('row').nth(1);
      await expect(newest).toContainText(member.username);
      await expect(newest).toContainText(texts.endedBy(manager.username));
      await newest.click();
      const details = page.getByRole('dialog', { name: texts.details });
      await expect(details.getByText(reason)).toBeVisible();
      await expect(details.getByText(texts.endedByLabel, { exact: true })).toBeVisible();
      await expect(details.getByText(manager.username, { exact: true })).toBeVisible();
      await expectAccessible(page);
      await details.getByRole('button', { name: texts.close, exact: true }).click();
      await expect(details).toBeHidden();
    },
    () => startUsage(member, resource.id),
  );

  // The member reads the reason and who ended it in their own history.
  const [latest] = await usageHistory(manager, resource.id);
  expect(latest).toMatchObject({
    userId: member.id,
    endedBy: { id: manager.id, username: manager.username },
    endNotes: expect.stringContaining('Left running overnight'),
  });
  await openSignedIn(page, member, `/resources/${resource.id}?lng=en`);
  await expect(table(page, 'Usage history').getByRole('row').nth(1)).toContainText(
    `Ended by ${manager.username}`,
  );
});

test('everyone who sees a running session sees for how long it has run, on its page and the overview', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const word = unique();
  const manager = await createResourceManager('timer-manager');
  const user = await createMember('timer-user');
  const onlooker = await createMember('timer-onlooker');
  const resource = await createResource(manager, { name: `Kiln ${word}` });
  await grantIntroduction(manager, resource.id, user.id);
  await startUsage(user, resource.id);
  await openSignedIn(page, onlooker, `/resources/${resource.id}`);

  await eachLook(page, `/resources/${resource.id}`, async (texts) => {
    const card = page.getByRole('region', { name: texts.usage, exact: true });
    await expect(card.getByText(user.username, { exact: true })).toBeVisible();
    await expectTicking(page, card);
    // Only managers end someone else's session.
    await expect(card.getByRole('button', { name: texts.end })).toHaveCount(0);
    await expectAccessible(page);
  });

  await eachLook(page, '/resources', async (texts) => {
    await page.getByRole('searchbox', { name: texts.search }).fill(word);
    const row = table(page, texts.ungrouped).getByRole('row', { name: new RegExp(`Kiln ${word}`) });
    await expect(row).toContainText(texts.inUse);
    await expectTicking(page, row);
    await expectAccessible(page);
  });
});

test('a member ends with notes in the same step or skips them in one click; the history says so in words', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const manager = await createResourceManager('notes-manager');
  const member = await createMember('notes-member');
  const resource = await createResource(manager, { name: `Lathe ${unique()}` });
  await grantIntroduction(manager, resource.id, member.id);
  await openSignedIn(page, member, `/resources/${resource.id}`);

  await eachLook(
    page,
    `/resources/${resource.id}`,
    async (texts, look) => {
      const card = page.getByRole('region', { name: texts.usage, exact: true });
      const end = card.getByRole('button', { name: texts.end, exact: true });

      // Skipping the notes is the one press on the button.
      await expect(card.getByText(texts.optional)).toBeVisible();
      await end.click();
      await expect(page.getByText(texts.ended, { exact: true }).first()).toBeVisible();
      const history = await freshHistory(page, texts);
      const withoutNotes = history.getByRole('row').nth(1);
      await expect(withoutNotes.getByText(texts.seconds)).toHaveCount(1);
      await expect(withoutNotes).not.toContainText(texts.hasNotes);

      // With notes: typed beside the same button, sent with the same press.
      await startUsage(member, resource.id);
      await expect(end).toBeVisible();
      const notes = `Chuck key put back (${look})`;
      await card.getByRole('textbox', { name: texts.endNotes }).fill(notes);
      await expectAccessible(page);
      await end.click();
      await expect(card.getByRole('button', { name: texts.start })).toBeVisible();
      await freshHistory(page, texts);
      const withNotes = history.getByRole('row').nth(1);
      await expect(withNotes).toContainText(texts.hasNotes);
      // On a phone the words about the notes sit under the duration, in the same cell.
      await expect(withNotes.getByText(texts.seconds)).toHaveCount(1);

      // The keyboard reaches the row and opens its notes.
      await tabIntoHistory(page, texts);
      await expect(page.locator(':focus')).toContainText(texts.hasNotes);
      await page.keyboard.press('Enter');
      const details = page.getByRole('dialog', { name: texts.details });
      await expect(details.getByText(notes)).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(details).toBeHidden();
    },
    () => startUsage(member, resource.id),
  );
});
