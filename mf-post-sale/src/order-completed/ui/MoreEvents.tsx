import type { UpcomingEvent } from '@checkout/shared';
import { copy } from '../copy';

/** 'Browse more events', the organisers' other upcoming events. */
export function MoreEvents({ events }: { events: readonly UpcomingEvent[] }) {
  if (events.length === 0) return null;
  return (
    <section className="stack oc-more" aria-labelledby="more-events-title">
      <h2 id="more-events-title">{copy.moreEvents}</h2>
      <ul className="oc-more__list">
        {events.map((event) => (
          <li key={event.url} className="oc-more__event card">
            {event.thumbnail ? <img src={event.thumbnail} alt="" width="320" height="180" loading="lazy" /> : null}
            <a href={event.url} className="oc-more__title">
              {event.title}
            </a>
            <p className="muted">{event.date}</p>
            <p className="muted">{event.location}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
