import {
  ApiErrorSchema,
  BookingErrorCodes,
  BookingMessages,
  blockedMessage,
  bookedByMessage,
  heldForMessage,
} from '@toolpass/contracts';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../i18n/i18n.ts';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { ApiError } from '../../lib/api-client.ts';
import { apiError } from '../../test/fake-api.ts';
import { startRefusal } from '../usage/start-refusal.ts';
import { addBookingServerMessages, BOOKING_WHOLE_MESSAGES } from './booking-messages.ts';

const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/*.json', {
  import: 'default',
  eager: true,
});
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, texts] of Object.entries(files)) {
  const [, language, namespace] = path.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
  if (language && namespace) resources[language] = { ...resources[language], [namespace]: texts };
}

// Both languages from the files the app serves, in an instance of their own.
const i18n = i18next.createInstance();
const t: Record<'en' | 'de', TFunction> = {} as Record<'en' | 'de', TFunction>;

beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    ns: NAMESPACES,
    defaultNS: 'common',
    fallbackNS: NAMESPACES.slice(1),
    resources,
    interpolation: { escapeValue: false },
  });
  t.en = i18n.getFixedT('en');
  t.de = i18n.getFixedT('de');
  addBookingServerMessages();
});

describe('booking messages', () => {
  it.each(Object.entries(BOOKING_WHOLE_MESSAGES))('translates %s into English and German', (key, message) => {
    const english = translateServerMessage(t.en, message);
    const german = translateServerMessage(t.de, message);
    expect(i18n.exists(`serverMessages.${key}`, { lng: 'en' })).toBe(true);
    expect(i18n.exists(`serverMessages.${key}`, { lng: 'de' })).toBe(true);
    expect(german).not.toBe(english);
    // No HTTP status words: a person reads what to do (issue 28).
    expect(english).not.toMatch(/Forbidden|Bad Request|Conflict/);
  });

  it('covers every message of the contract, the two with values included', () => {
    const { bookedByPrefix, blockedPrefix, heldForPrefix, ...whole } = BookingMessages;
    expect(Object.keys(BOOKING_WHOLE_MESSAGES).sort()).toEqual(Object.keys(whole).sort());
    expect(translateServerMessage(t.en, bookedByMessage('ada lovelace', '15:30'))).toBe(
      'Booked by ada lovelace until 15:30',
    );
    expect(translateServerMessage(t.de, bookedByMessage('ada lovelace', '15:30'))).toBe(
      'Gebucht von ada lovelace bis 15:30',
    );
    expect(translateServerMessage(t.de, heldForMessage('grace'))).toBe(
      'Freigehalten für grace, die nächste Person auf der Warteliste',
    );
    expect(translateServerMessage(t.en, blockedMessage('17:00'))).toBe('Blocked for maintenance until 17:00');
    expect(translateServerMessage(t.de, blockedMessage('17:00'))).toBe('Wegen Wartung gesperrt bis 17:00');
    expect(bookedByPrefix).toBeTruthy();
    expect(blockedPrefix).toBeTruthy();
    expect(heldForPrefix).toBeTruthy();
  });

  it('explains a start refused by another member’s booking in the start flow', () => {
    const body = ApiErrorSchema.parse({
      ...apiError(409, bookedByMessage('ada', '15:30')),
      errorCode: BookingErrorCodes.bookedByOther,
    });
    expect(startRefusal(t.de, new ApiError(409, 'Conflict', body))).toBe('Gebucht von ada bis 15:30');
  });
});
