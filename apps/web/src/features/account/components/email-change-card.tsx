import { Alert, Button, Card, Form, Input, Label, TextField } from '@heroui/react';
import type { User } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TranslatedFieldError } from '../../../components/translated-field-error.tsx';
import { useRequestEmailChange } from '../api/use-request-email-change.ts';
import { requestEmailChangeErrorMessage } from '../hooks/account-error-messages.ts';

/** The own address and a form to change it; the change needs the mailed confirmation (spec 01 §2, §4). */
export function EmailChangeCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const [newEmail, setNewEmail] = useState('');
  const trimmed = newEmail.trim();

  return (
    <Card className="max-w-xl">
      <Card.Header>
        <Card.Title>{t('account.settings.emailTitle')}</Card.Title>
        <Card.Description>
          {t('account.settings.currentEmail')}{' '}
          <span className="font-medium text-foreground">{user.email ?? '-'}</span>
        </Card.Description>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4">
        {request.isSuccess && (
          <Alert status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('account.settings.requestedTitle')}</Alert.Title>
              <Alert.Description>
                {t('account.settings.requestedMessage', { email: request.variables })}
              </Alert.Description>
            </Alert.Content>
          </Alert>
        )}
        {request.isError && (
          <Alert status="danger" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('account.settings.requestFailedTitle')}</Alert.Title>
              <Alert.Description>{requestEmailChangeErrorMessage(t, request.error)}</Alert.Description>
            </Alert.Content>
          </Alert>
        )}
        <Form
          className="flex flex-col gap-4 sm:flex-row sm:items-start"
          onSubmit={(event) => {
            event.preventDefault();
            if (!trimmed) return;
            request.mutate(trimmed, { onSuccess: () => setNewEmail('') });
          }}
        >
          <TextField
            isRequired
            name="newEmail"
            type="email"
            autoComplete="email"
            className="flex-1"
            value={newEmail}
            onChange={setNewEmail}
          >
            <Label>{t('account.settings.newEmail')}</Label>
            <Input />
            <TranslatedFieldError />
          </TextField>
          <Button type="submit" className="sm:mt-6" isDisabled={!trimmed} isPending={request.isPending}>
            {t('account.settings.submit')}
          </Button>
        </Form>
        <p className="text-sm text-muted">{t('account.settings.note')}</p>
      </Card.Content>
    </Card>
  );
}
