import { Card } from '@heroui/react';
import type { ResourceGroup } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ResourceGroupDetailsForm } from './resource-group-details-form.tsx';
import { ResourceGroupRulesForm } from './resource-group-rules-form.tsx';

type ResourceGroupDetailsCardProps = { group: ResourceGroup; canEdit: boolean };

/** The group's name and description: a form for managers, read-only text for everyone else. */
export function ResourceGroupDetailsCard({ group, canEdit }: ResourceGroupDetailsCardProps) {
  const { t } = useTranslation();
  return (
    <Card>
      <Card.Header>
        <Card.Title>{t('resourceGroups.details.title')}</Card.Title>
      </Card.Header>
      <Card.Content>
        {canEdit ? (
          // Keyed by the saved values, so the form restarts from what the server answered.
          <div className="flex flex-col gap-6">
            <ResourceGroupDetailsForm key={`${group.name}\n${group.description ?? ''}`} group={group} />
            <ResourceGroupRulesForm group={group} />
          </div>
        ) : (
          <dl className="flex flex-col gap-3">
            <div>
              <dt className="text-sm text-muted">{t('resourceGroups.fields.name')}</dt>
              <dd>{group.name}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">{t('resourceGroups.fields.description')}</dt>
              <dd className="whitespace-pre-line">
                {group.description ?? t('resourceGroups.details.noDescription')}
              </dd>
            </div>
          </dl>
        )}
      </Card.Content>
    </Card>
  );
}
