import { Messages, ResourceMessages } from '@toolpass/contracts';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { addServerMessages, translateServerMessage } from './server-message.ts';

const t = i18n.t.bind(i18n);
const HTTP_WORDS = /\b(Bad Request|Unauthorized|Forbidden|Not Found|Internal Server Error|Not Implemented)\b/;

describe('server messages shown to people', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
    // As the signed-in app shell does.
    addServerMessages(ResourceMessages);
  });

  it.each(Object.values({ ...Messages, ...ResourceMessages }))(
    'words "%s" without an HTTP status',
    (message) => {
      const shown = translateServerMessage(t, message);
      expect(shown).not.toMatch(HTTP_WORDS);
      expect(shown.length).toBeGreaterThan(5);
    },
  );

  it('says what to do about an unconfirmed address', () => {
    expect(translateServerMessage(t, Messages.emailNotVerified)).toBe(
      'Your email address is not confirmed yet. Open the link in the verification mail first, or send a new one.',
    );
  });

  it('shows any other message as sent', () => {
    expect(translateServerMessage(t, 'Database locked')).toBe('Database locked');
  });
});
