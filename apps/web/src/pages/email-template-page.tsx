import { useParams } from 'react-router';
import { EmailTemplateEditor } from '../features/email-templates/components/email-template-editor.tsx';

/**
 * /email-templates/{type}, for system administrators (spec 02 §2). Its own chunk carries the code
 * editor (CodeMirror), so no other screen loads it.
 */
export default function EmailTemplatePage() {
  const { type = '' } = useParams();
  // Keyed by type, so moving to another template starts from that template's saved values.
  return <EmailTemplateEditor key={type} type={type} />;
}
