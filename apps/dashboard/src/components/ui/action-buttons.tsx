// The same actions as a row's "⋯" menu (RowActions), as buttons: for a page
// about one record, where the actions are what the visitor came to do.
import { offeredActions, type OfferedActions } from './row-actions';
import './menu.css';

export function ActionButtons({ label, actions }: { label: string; actions: OfferedActions }) {
  const items = offeredActions(actions);
  if (items.length === 0) return null;
  return (
    <div className="action-buttons" role="group" aria-label={`Actions for ${label}`}>
      {items.map((action) => (
        <button
          key={action.label}
          type="button"
          className={`button button-small ${action.destructive ? 'button-danger' : 'button-secondary'}`}
          disabled={action.disabled}
          onClick={action.onSelect}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
