import { Table } from '@heroui/react';
import type { ComponentProps } from 'react';

/**
 * A table that scrolls sideways inside its card when the screen is narrower than its columns.
 * Takes what the table's content takes: its label, header and body, and row actions.
 */
export function ScrollTable(props: ComponentProps<typeof Table.Content>) {
  return (
    <Table>
      <Table.ScrollContainer>
        <Table.Content {...props} />
      </Table.ScrollContainer>
    </Table>
  );
}
