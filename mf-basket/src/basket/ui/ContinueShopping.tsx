import type { Organiser } from '@checkout/shared';

/**
 * Event pictures are 16:9 (the events pages' size): the thumbnail keeps that shape and shows the whole picture, so a
 * title or date drawn on it is never cut off; a picture of another shape is fitted inside, not cropped.
 */
export const THUMB = { width: 112, height: 63 } as const;

/** 'Continue shopping': each organiser's upcoming events, with thumbnail, title, location and date. */
export function ContinueShopping({ organisers }: { organisers: readonly Organiser[] }) {
  const withEvents = organisers.filter((organiser) => organiser.upcoming_events.length > 0);
  if (withEvents.length === 0) return null;
  return (
    <section className="stack continue-shopping" aria-labelledby="continue-shopping-title">
      <h2 id="continue-shopping-title">Continue shopping</h2>
      {withEvents.map((organiser) => (
        <div key={organiser.url} className="stack">
          <h3 className="continue-shopping__organiser">{organiser.name}</h3>
          <ul className="upcoming">
            {organiser.upcoming_events.map((event) => (
              <li key={event.url}>
                <a className="upcoming__event" href={event.url}>
                  {event.thumbnail ? (
                    <img
                      className="upcoming__thumb"
                      src={event.thumbnail}
                      alt=""
                      width={THUMB.width}
                      height={THUMB.height}
                      loading="lazy"
                    />
                  ) : null}
                  <span className="upcoming__text">
                    <span className="upcoming__title">{event.title}</span>
                    <span className="upcoming__detail">{event.location}</span>
                    <span className="upcoming__detail">{event.date}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
