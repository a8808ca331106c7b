import { Button } from '@heroui/react';

type RowActionsProps = {
  editText: string;
  /** Names the row for screen readers, where "Edit" alone would not say which. */
  editLabel: string;
  onEdit: () => void;
  deleteText: string;
  deleteLabel: string;
  onDelete: () => void;
};

/** Edit and delete at the end of a settings table's row. */
export function RowActions(props: RowActionsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" aria-label={props.editLabel} onPress={props.onEdit}>
        {props.editText}
      </Button>
      <Button size="sm" variant="danger-soft" aria-label={props.deleteLabel} onPress={props.onDelete}>
        {props.deleteText}
      </Button>
    </div>
  );
}
