import type { EmailTemplateType } from '@toolpass/contracts';

function layout(title: string, paragraphs: string[], button: string, after: string): string {
  return `<mjml>
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
        <mj-text font-size="13px" color="#6b7280">If the button does not work, copy this address into your browser:<br />{{url}}</mj-text>
        <mj-text font-size="13px" color="#6b7280">${after}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text font-size="12px" color="#9ca3af" align="center">Sent by Toolpass at {{host}}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;
}

/**
 * The content every install starts with. Variables in double curly braces are replaced (HTML
 * escaped) before rendering; administrators change them in the template editor and can restore these.
 */
export const DEFAULT_EMAIL_TEMPLATES: Record<EmailTemplateType, { subject: string; body: string }> = {
  'verify-email': {
    subject: 'Confirm your email address',
    body: layout(
      'Welcome, {{user.username}}!',
      ['Please confirm that {{user.email}} is your email address to activate your account.'],
      'Confirm email address',
      'The link is valid for 48 hours. If you did not create an account, you can ignore this mail.',
    ),
  },
  'reset-password': {
    subject: 'Reset your password',
    body: layout(
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
      'Confirm your new email address',
      ['Hello {{user.username}},', 'please confirm that your account should use {{newEmail}} from now on.'],
      'Confirm new address',
      'The link is valid for 48 hours. Until you confirm, your account keeps its old address.',
    ),
  },
  'email-changed': {
    subject: 'The email address of your account was changed',
    body: layout(
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
      'Your introduction lapses soon',
      [
        'Hello {{user.username}},',
        'your introduction to {{name}} lapses on {{expiresAt}} (in {{daysLeft}} days). Use the machine before then, or ask an introducer for a new introduction, to keep it.',
      ],
      'Open {{name}}',
      'You get this reminder 14 days and 1 day before an introduction lapses.',
    ),
  },
};
