import { useQueryClient } from '@tanstack/react-query';
import type { EmailTemplate, EmailTemplatePatch } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { emailTemplatePath, emailTemplatesKeys } from './email-templates-queries.ts';

function useKeepSavedTemplate() {
  const queryClient = useQueryClient();
  return (template: EmailTemplate) => {
    queryClient.setQueryData(emailTemplatesKeys.detail(template.type), template);
    return queryClient.invalidateQueries({ queryKey: emailTemplatesKeys.list });
  };
}

/** Saves subject and body; the next mail of this type is sent from them. */
export function useSaveEmailTemplate(type: string) {
  const keep = useKeepSavedTemplate();
  return useSingleFlightMutation({
    mutationFn: (patch: EmailTemplatePatch) => apiClient.patch<EmailTemplate>(emailTemplatePath(type), patch),
    onSuccess: keep,
  });
}

/** Puts back the subject and body the app ships with. */
export function useRestoreDefaultEmailTemplate(type: string) {
  const keep = useKeepSavedTemplate();
  return useSingleFlightMutation({
    mutationFn: () => apiClient.post<EmailTemplate>(`${emailTemplatePath(type)}/restore-default`),
    onSuccess: keep,
  });
}
