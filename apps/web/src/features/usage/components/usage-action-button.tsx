import { Button, ButtonGroup, Dropdown, IconChevronDown, Label } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { USAGE_ACTION_TEXTS, type UsageAction } from '../usage-actions.ts';

type UsageActionButtonProps = {
  action: UsageAction;
  variant?: 'primary' | 'secondary';
  isPending: boolean;
  onAction: () => void;
  onActionWithNotes: () => void;
};

/**
 * A session action with a menu offering the same action with notes ("Start with Notes"). Offline it
 * is disabled and says why: a start must reach the server now, not whenever the network returns.
 */
export function UsageActionButton({
  action,
  variant = 'primary',
  isPending,
  onAction,
  onActionWithNotes,
}: UsageActionButtonProps) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const texts = USAGE_ACTION_TEXTS[action];
  const label = t(texts.label);
  const withNotesLabel = t(texts.withNotes);
  // Names the menu button, which shows only an arrow.
  const moreLabel = t(texts.more);
  return (
    <div className="flex flex-col items-start gap-1">
      <ButtonGroup className="self-start" variant={variant} isDisabled={isPending || !isOnline}>
        <Button isPending={isPending} onPress={onAction}>
          {label}
        </Button>
        <Dropdown>
          <Button isIconOnly aria-label={moreLabel}>
            <ButtonGroup.Separator />
            <IconChevronDown />
          </Button>
          <Dropdown.Popover placement="bottom end">
            <Dropdown.Menu aria-label={moreLabel} onAction={onActionWithNotes}>
              <Dropdown.Item id="with-notes" textValue={withNotesLabel}>
                <Label>{withNotesLabel}</Label>
              </Dropdown.Item>
            </Dropdown.Menu>
          </Dropdown.Popover>
        </Dropdown>
      </ButtonGroup>
      {!isOnline && <p className="text-sm text-muted">{t('pwa.needsConnection')}</p>}
    </div>
  );
}
