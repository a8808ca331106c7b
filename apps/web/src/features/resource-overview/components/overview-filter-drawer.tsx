import { Button, Drawer, Switch } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { FilterIcon } from '../../../components/icons.tsx';
import type { OverviewFilterName, OverviewFilters } from '../hooks/overview-filter-storage.ts';

type OverviewFilterDrawerProps = {
  filters: OverviewFilters;
  onChange: (name: OverviewFilterName, value: boolean) => void;
};

/** The "Filter" drawer with the two overview switches (spec 01 §2); changes apply at once. */
export function OverviewFilterDrawer({ filters, onChange }: OverviewFilterDrawerProps) {
  const { t } = useTranslation();
  const switches: Array<{ name: OverviewFilterName; label: string }> = [
    { name: 'onlyInUseByMe', label: t('resourceOverview.filters.onlyInUseByMe') },
    { name: 'onlyWithPermissions', label: t('resourceOverview.filters.onlyWithPermissions') },
  ];
  return (
    <Drawer>
      <Button variant="secondary">
        <FilterIcon />
        {t('resourceOverview.filters.open')}
      </Button>
      <Drawer.Backdrop>
        <Drawer.Content placement="right">
          <Drawer.Dialog>
            <Drawer.CloseTrigger aria-label={t('common.close')} />
            <Drawer.Header>
              <Drawer.Heading>{t('resourceOverview.filters.title')}</Drawer.Heading>
            </Drawer.Header>
            <Drawer.Body className="flex flex-col gap-4">
              {switches.map(({ name, label }) => (
                <Switch key={name} isSelected={filters[name]} onChange={(value) => onChange(name, value)}>
                  <Switch.Content>
                    <Switch.Control>
                      <Switch.Thumb />
                    </Switch.Control>
                    {label}
                  </Switch.Content>
                </Switch>
              ))}
            </Drawer.Body>
            <Drawer.Footer>
              <Button slot="close" variant="secondary">
                {t('common.close')}
              </Button>
            </Drawer.Footer>
          </Drawer.Dialog>
        </Drawer.Content>
      </Drawer.Backdrop>
    </Drawer>
  );
}
