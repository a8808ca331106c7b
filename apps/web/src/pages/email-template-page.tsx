import { useParams } from 'react-router';
import { EmailTemplateEditor } from '../features/email-templates/components/email-template-editor.tsx';
import { useTemplateLanguage } from '../features/email-templates/hooks/use-template-language.ts';

/**
 * /email-templates/{type}, for system administrators (spec 02 §2). Its own chunk carries the code
 * editor (CodeMirror), so no other screen loads it.
 */
export default function EmailTemplatePage() {
  const { type = '' } = useParams();
  const language = useTemplateLanguage();
  // Keyed by type and language, so moving to another starts from that template's saved values.
  return <EmailTemplateEditor key={`${type}-${language}`} type={type} language={language} />;
}
