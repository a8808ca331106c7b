import { useQuery } from '@tanstack/react-query';
import { emailTemplateQuery, emailTemplatesQuery } from './email-templates-queries.ts';

export const useEmailTemplates = () => useQuery(emailTemplatesQuery());

export const useEmailTemplate = (type: string) => useQuery(emailTemplateQuery(type));
