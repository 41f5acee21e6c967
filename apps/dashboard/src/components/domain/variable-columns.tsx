// The columns of a table of variables, an app's or a user's: the key, a
// preview of the value, what the table adds, when it last changed, and
// edit and delete per row (no menu without them: the caller may only read).
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { dateTimeCell, rowActionsColumn } from '@/components/ui/table-columns';
import { TextPreview } from '@/components/ui/text-preview';

interface VariableRow {
  key: string;
  value: string;
  updatedAt: string;
}

export function variableColumns<T extends VariableRow>({
  extra = [],
  onEdit,
  onDelete,
}: {
  /** Columns between the value and the time it changed, e.g. an app variable's level. */
  // Columns mix value types; TanStack Table's own examples type them this way.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  extra?: ColumnDef<T, any>[];
  /** absent (with onDelete) when the caller's role may not change variables */
  onEdit?: (variable: T) => void;
  onDelete?: (variable: T) => void;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
}): ColumnDef<T, any>[] {
  const column = createColumnHelper<T>();
  return [
    column.accessor((variable) => variable.key, {
      id: 'key',
      header: 'Key',
      cell: (info) => <code>{info.getValue()}</code>,
    }),
    column.accessor((variable) => variable.value, {
      id: 'value',
      header: 'Value',
      cell: (info) => <TextPreview text={info.getValue()} />,
      meta: { className: 'col-break' },
    }),
    ...extra,
    column.accessor((variable) => variable.updatedAt, {
      id: 'updatedAt',
      header: 'Updated',
      cell: dateTimeCell,
      meta: { className: 'hide-sm' },
    }),
    rowActionsColumn<T>(
      (variable) => variable.key,
      (variable) => [
        onEdit && { label: 'Edit', onSelect: () => onEdit(variable) },
        onDelete && { label: 'Delete', destructive: true, onSelect: () => onDelete(variable) },
      ],
    ),
  ];
}
