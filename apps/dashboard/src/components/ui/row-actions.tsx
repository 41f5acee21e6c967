// The "⋯" menu of a table row, on Radix DropdownMenu (arrow keys, typeahead,
// Escape, focus back on the button). Actions that need a dialog set state in
// `onSelect`; the dialog is rendered outside the menu. A row with no action
// left (the caller's role allows none) shows no menu.
import { DropdownMenu } from 'radix-ui';
import './menu.css';

export interface RowAction {
  label: string;
  onSelect: () => void;
  destructive?: boolean;
  disabled?: boolean;
}

/** The actions a caller may offer, with `false`/`null` for the ones its role or the record's state rules out. */
export type OfferedActions = readonly (RowAction | false | null | undefined)[];

/** The actions actually offered. */
export function offeredActions(actions: OfferedActions): RowAction[] {
  return actions.filter((action): action is RowAction => Boolean(action));
}

export function RowActions({ label, actions }: { label: string; actions: OfferedActions }) {
  const items = offeredActions(actions);
  if (items.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="icon-button row-actions-trigger" aria-label={`Actions for ${label}`}>
        <span aria-hidden="true">⋯</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          {items.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              className={action.destructive ? 'menu-item menu-item-danger' : 'menu-item'}
              disabled={action.disabled}
              onSelect={action.onSelect}
            >
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
