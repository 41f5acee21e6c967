import { EVENT_NAMES } from '@latchkey/contracts';
import '../webhooks.css';

/** "All events", or the subscribed event names. */
export function EventList({ events }: { events: readonly string[] }) {
  if (events.length === EVENT_NAMES.length) return <span>All events</span>;
  return (
    <span className="event-list">
      {events.map((event) => (
        <code key={event}>{event}</code>
      ))}
    </span>
  );
}
