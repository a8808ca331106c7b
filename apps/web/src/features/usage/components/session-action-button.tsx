import { Button, ButtonGroup, Dropdown, IconChevronDown, Label } from '@heroui/react';

type SessionActionButtonProps = {
  label: string;
  withNotesLabel: string;
  /** Names the menu button, which shows only an arrow. */
  moreLabel: string;
  variant?: 'primary' | 'danger-soft' | 'secondary';
  isPending: boolean;
  onAction: () => void;
  onActionWithNotes: () => void;
};

/** A session action with a menu offering the same action with notes ("End with Notes"). */
export function SessionActionButton({
  label,
  withNotesLabel,
  moreLabel,
  variant = 'primary',
  isPending,
  onAction,
  onActionWithNotes,
}: SessionActionButtonProps) {
  return (
    <ButtonGroup className="self-start" variant={variant} isDisabled={isPending}>
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
  );
}
