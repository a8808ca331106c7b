import { ReaderMessages } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { ApiError } from '../../../lib/api-client.ts';

type ReaderMessageKey = keyof typeof ReaderMessages;
const keyByMessage = new Map<string, ReaderMessageKey>(
  (Object.entries(ReaderMessages) as [ReaderMessageKey, string][]).map(([key, message]) => [message, key]),
);

/** Every reader and card message in the user's language (literal keys, so the check finds them). */
function readerMessageText(t: TFunction, key: ReaderMessageKey): string {
  switch (key) {
    case 'readerNotFound':
      return t('readers.serverMessages.readerNotFound');
    case 'pairingCodeNotFound':
      return t('readers.serverMessages.pairingCodeNotFound');
    case 'cardNotFound':
      return t('readers.serverMessages.cardNotFound');
    case 'cardAlreadyEnrolled':
      return t('readers.serverMessages.cardAlreadyEnrolled');
    case 'noCardPresented':
      return t('readers.serverMessages.noCardPresented');
    case 'wrongCard':
      return t('readers.serverMessages.wrongCard');
    case 'readerBusy':
      return t('readers.serverMessages.readerBusy');
    case 'cardNotEnrolled':
      return t('readers.serverMessages.cardNotEnrolled');
    case 'cardNotReset':
      return t('readers.serverMessages.cardNotReset');
    case 'firmwareFileNotFound':
      return t('readers.serverMessages.firmwareFileNotFound');
  }
}

/** What went wrong with a reader or card call, in the user's language. */
export function readerErrorDetail(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const key = keyByMessage.get(error.message);
    return key ? readerMessageText(t, key) : translateServerMessage(t, error.message);
  }
  return error instanceof Error ? error.message : String(error);
}
