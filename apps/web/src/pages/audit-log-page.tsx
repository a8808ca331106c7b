import { AUDIT_LOG_PERMISSIONS } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { AuditLog } from '../features/audit-log/components/audit-log.tsx';
import { useSignedInUser } from '../sign-in/sign-in-context.tsx';

/**
 * /audit-log, for user managers and system administrators (issue 32); others are sent to /.
 * Checked here rather than by the route's access rule, which knows only "every permission of a
 * list": an "any of" rule in the router would grow the code the sign-in screen loads past its budget.
 */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  if (!AUDIT_LOG_PERMISSIONS.some((permission) => user.systemPermissions[permission]))
    return <Navigate to="/" replace />;
  return (
    <>
      <PageHeader title={t('auditLog.title')} subtitle={t('auditLog.subtitle')} />
      <AuditLog />
    </>
  );
}
