import { type Language, LanguageSchema } from '@toolpass/contracts';
import { useSearchParams } from 'react-router';

/**
 * The language of the templates on screen, from `?language=` (English when absent, as the API
 * reads it), so a link or a reload keeps it.
 */
export function useTemplateLanguage(): Language {
  const [params] = useSearchParams();
  const parsed = LanguageSchema.safeParse(params.get('language'));
  return parsed.success ? parsed.data : 'en';
}

/** The address of a template page in a language. */
export const templateLanguageLink = (path: string, language: Language) => `${path}?language=${language}`;
