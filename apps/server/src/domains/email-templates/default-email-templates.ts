import type { EmailTemplateType, Language } from '@toolpass/contracts';

/** The texts of the frame around every default mail, per language. */
const FRAME: Record<Language, { copyLink: string; sentBy: string }> = {
  en: {
    copyLink: 'If the button does not work, copy this address into your browser:',
    sentBy: 'Sent by Toolpass at {{host}}',
  },
  de: {
    copyLink: 'Wenn der Knopf nicht funktioniert, kopiere diese Adresse in deinen Browser:',
    sentBy: 'Gesendet von Toolpass auf {{host}}',
  },
};

function layout(
  language: Language,
  title: string,
  paragraphs: string[],
  button: string,
  after: string,
): string {
  const frame = FRAME[language];
  return `<mjml lang="${language}">
  <mj-head>
    <mj-title>${title}</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.5" color="#1f2937" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text font-size="20px" font-weight="bold" align="center">Toolpass</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="24px">
      <mj-column>
        <mj-text font-size="18px" font-weight="bold">${title}</mj-text>
${paragraphs.map((text) => `        <mj-text>${text}</mj-text>`).join('\n')}
        <mj-button href="{{url}}" background-color="#111827" color="#ffffff" border-radius="6px">${button}</mj-button>
        <mj-text font-size="13px" color="#6b7280">${frame.copyLink}<br />{{url}}</mj-text>
        <mj-text font-size="13px" color="#6b7280">${after}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text font-size="12px" color="#9ca3af" align="center">${frame.sentBy}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;
}

type DefaultTemplate = { subject: string; body: string };

/**
 * The content every install starts with, in each interface language (German addresses the reader
 * with "du", as the screens do). Variables in double curly braces are replaced (HTML escaped)
 * before rendering; administrators change them in the template editor and can restore these.
 */
export const DEFAULT_EMAIL_TEMPLATES: Record<Language, Record<EmailTemplateType, DefaultTemplate>> = {
  en: {
    'verify-email': {
      subject: 'Confirm your email address',
      body: layout(
        'en',
        'Welcome, {{user.username}}!',
        ['Please confirm that {{user.email}} is your email address to activate your account.'],
        'Confirm email address',
        'The link is valid for 48 hours. If you did not create an account, you can ignore this mail.',
      ),
    },
    'reset-password': {
      subject: 'Reset your password',
      body: layout(
        'en',
        'Reset your password',
        [
          'Hello {{user.username}},',
          'someone asked to reset the password of your account. Choose a new one here:',
        ],
        'Choose a new password',
        'The link is valid for one hour and works once. If you did not ask for this, ignore this mail; your password stays as it is.',
      ),
    },
    'change-email': {
      subject: 'Confirm your new email address',
      body: layout(
        'en',
        'Confirm your new email address',
        ['Hello {{user.username}},', 'please confirm that your account should use {{newEmail}} from now on.'],
        'Confirm new address',
        'The link is valid for 48 hours. Until you confirm, your account keeps its old address.',
      ),
    },
    'email-changed': {
      subject: 'The email address of your account was changed',
      body: layout(
        'en',
        'Your email address was changed',
        [
          'Hello {{user.username}},',
          'your account now uses {{newEmail}} instead of this address. If you made this change, there is nothing to do.',
          'If you did not, undo it: your account gets this address back and is signed out everywhere. Then choose a new password with "Forgot password" on the sign-in page.',
        ],
        'Undo the change',
        'The link is valid for 7 days and works once.',
      ),
    },
    'introduction-reminder': {
      subject: 'Your introduction to {{name}} lapses on {{expiresAt}}',
      body: layout(
        'en',
        'Your introduction lapses soon',
        [
          'Hello {{user.username}},',
          'your introduction to {{name}} lapses on {{expiresAt}} (in {{daysLeft}} days). Use the machine before then, or ask an introducer for a new introduction, to keep it.',
        ],
        'Open {{name}}',
        'You get this reminder 14 days and 1 day before an introduction lapses.',
      ),
    },
    'wait-list-your-turn': {
      subject: 'Your turn: {{name}} is free until {{heldUntil}}',
      body: layout(
        'en',
        'Your turn at {{name}}',
        [
          'Hello {{user.username}},',
          '{{name}} is free and held for you for {{minutes}} minutes, until {{heldUntil}}. Start it before then; otherwise the next in line gets their turn and you leave the wait list.',
        ],
        'Open {{name}}',
        'You get this mail because you joined the wait list of {{name}}.',
      ),
    },
  },
  de: {
    'verify-email': {
      subject: 'Bestätige deine E-Mail-Adresse',
      body: layout(
        'de',
        'Willkommen, {{user.username}}!',
        ['Bitte bestätige, dass {{user.email}} deine E-Mail-Adresse ist, um dein Konto zu aktivieren.'],
        'E-Mail-Adresse bestätigen',
        'Der Link gilt 48 Stunden. Wenn du kein Konto angelegt hast, kannst du diese Mail ignorieren.',
      ),
    },
    'reset-password': {
      subject: 'Setze dein Passwort zurück',
      body: layout(
        'de',
        'Passwort zurücksetzen',
        [
          'Hallo {{user.username}},',
          'jemand hat darum gebeten, das Passwort deines Kontos zurückzusetzen. Wähle hier ein neues:',
        ],
        'Neues Passwort wählen',
        'Der Link gilt eine Stunde und funktioniert einmal. Wenn du das nicht angefordert hast, ignoriere diese Mail; dein Passwort bleibt, wie es ist.',
      ),
    },
    'change-email': {
      subject: 'Bestätige deine neue E-Mail-Adresse',
      body: layout(
        'de',
        'Neue E-Mail-Adresse bestätigen',
        [
          'Hallo {{user.username}},',
          'bitte bestätige, dass dein Konto ab jetzt {{newEmail}} verwenden soll.',
        ],
        'Neue Adresse bestätigen',
        'Der Link gilt 48 Stunden. Bis du bestätigst, behält dein Konto seine alte Adresse.',
      ),
    },
    'email-changed': {
      subject: 'Die E-Mail-Adresse deines Kontos wurde geändert',
      body: layout(
        'de',
        'Deine E-Mail-Adresse wurde geändert',
        [
          'Hallo {{user.username}},',
          'dein Konto verwendet jetzt {{newEmail}} statt dieser Adresse. Wenn du das geändert hast, ist nichts weiter zu tun.',
          'Wenn nicht, mach es rückgängig: Dein Konto erhält diese Adresse zurück und wird überall abgemeldet. Wähle danach mit „Passwort vergessen?“ auf der Anmeldeseite ein neues Passwort.',
        ],
        'Änderung rückgängig machen',
        'Der Link gilt 7 Tage und funktioniert einmal.',
      ),
    },
    'introduction-reminder': {
      subject: 'Deine Einweisung für {{name}} läuft am {{expiresAt}} ab',
      body: layout(
        'de',
        'Deine Einweisung läuft bald ab',
        [
          'Hallo {{user.username}},',
          'deine Einweisung für {{name}} läuft am {{expiresAt}} ab (in {{daysLeft}} Tagen). Nutze die Maschine vorher oder bitte eine einweisende Person um eine neue Einweisung, damit sie gültig bleibt.',
        ],
        '{{name}} öffnen',
        'Diese Erinnerung kommt 14 Tage und 1 Tag, bevor eine Einweisung abläuft.',
      ),
    },
    'wait-list-your-turn': {
      subject: 'Du bist dran: {{name}} ist bis {{heldUntil}} für dich frei',
      body: layout(
        'de',
        'Du bist dran bei {{name}}',
        [
          'Hallo {{user.username}},',
          '{{name}} ist frei und wird {{minutes}} Minuten für dich freigehalten, bis {{heldUntil}}. Starte die Nutzung bis dahin; sonst ist die nächste Person auf der Warteliste dran und du verlässt die Warteliste.',
        ],
        '{{name}} öffnen',
        'Du bekommst diese Mail, weil du dich auf die Warteliste von {{name}} gesetzt hast.',
      ),
    },
  },
};
