import { useQuery } from '@tanstack/react-query';
import type { Language } from '@toolpass/contracts';
import { emailTemplateQuery, emailTemplatesQuery } from './email-templates-queries.ts';

export const useEmailTemplates = (language: Language) => useQuery(emailTemplatesQuery(language));

export const useEmailTemplate = (type: string, language: Language) =>
  useQuery(emailTemplateQuery(type, language));
