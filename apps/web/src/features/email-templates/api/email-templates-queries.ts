import { queryOptions } from '@tanstack/react-query';
import type { EmailTemplate } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const emailTemplatesPath = '/api/email-templates';
export const emailTemplatePath = (type: string) => `${emailTemplatesPath}/${encodeURIComponent(type)}`;
export const previewMjmlPath = `${emailTemplatesPath}/preview-mjml`;

export const emailTemplatesKeys = {
  all: ['email-templates'] as const,
  list: ['email-templates', 'list'] as const,
  detail: (type: string) => ['email-templates', 'detail', type] as const,
};

export const emailTemplatesQuery = () =>
  queryOptions({
    queryKey: emailTemplatesKeys.list,
    queryFn: ({ signal }) => apiClient.get<EmailTemplate[]>(emailTemplatesPath, { signal }),
  });

export const emailTemplateQuery = (type: string) =>
  queryOptions({
    queryKey: emailTemplatesKeys.detail(type),
    queryFn: ({ signal }) => apiClient.get<EmailTemplate>(emailTemplatePath(type), { signal }),
  });
