import { useQueryClient } from '@tanstack/react-query';
import type { EmailTemplate, EmailTemplatePatch } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { emailTemplatePath, emailTemplatesKeys } from './email-templates-queries.ts';

function useKeepSavedTemplate() {
  const queryClient = useQueryClient();
  return (template: EmailTemplate) => {
    queryClient.setQueryData(emailTemplatesKeys.detail(template.type, template.language), template);
    return queryClient.invalidateQueries({ queryKey: emailTemplatesKeys.list(template.language) });
  };
}

/** Saves subject and body of one language; the next mail of this type in it is sent from them. */
export function useSaveEmailTemplate(template: Pick<EmailTemplate, 'type' | 'language'>) {
  const keep = useKeepSavedTemplate();
  return useSingleFlightMutation({
    mutationFn: (patch: EmailTemplatePatch) =>
      apiClient.patch<EmailTemplate>(emailTemplatePath(template.type, template.language), patch),
    onSuccess: keep,
  });
}

/** Puts back the subject and body the app ships with in that language. */
export function useRestoreDefaultEmailTemplate(template: Pick<EmailTemplate, 'type' | 'language'>) {
  const keep = useKeepSavedTemplate();
  return useSingleFlightMutation({
    mutationFn: () =>
      apiClient.post<EmailTemplate>(emailTemplatePath(template.type, template.language, '/restore-default')),
    onSuccess: keep,
  });
}
