import { queryOptions } from '@tanstack/react-query';
import type { EmailTemplate, Language } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const emailTemplatesPath = '/api/email-templates';
/** A template's path; its language travels as `?language=` (decision 19). */
export const emailTemplatePath = (type: string, language: Language, action = '') =>
  `${emailTemplatesPath}/${encodeURIComponent(type)}${action}?language=${language}`;
export const previewMjmlPath = `${emailTemplatesPath}/preview-mjml`;

export const emailTemplatesKeys = {
  all: ['email-templates'] as const,
  list: (language: Language) => ['email-templates', 'list', language] as const,
  detail: (type: string, language: Language) => ['email-templates', 'detail', type, language] as const,
};

export const emailTemplatesQuery = (language: Language) =>
  queryOptions({
    queryKey: emailTemplatesKeys.list(language),
    queryFn: ({ signal }) =>
      apiClient.get<EmailTemplate[]>(`${emailTemplatesPath}?language=${language}`, { signal }),
  });

export const emailTemplateQuery = (type: string, language: Language) =>
  queryOptions({
    queryKey: emailTemplatesKeys.detail(type, language),
    queryFn: ({ signal }) => apiClient.get<EmailTemplate>(emailTemplatePath(type, language), { signal }),
  });
