import { useUnit } from 'effector-react';
import { accommodationMapUrl, mapSearchLink, placeToStayEvents, type StepProps } from '@checkout/shared';
import { useFocusOnArrival } from '@checkout/shared/ui';
import { copy } from '../copy';

/**
 * The find-a-place view: with more than one event location, a link per event; the accommodation map embedded
 * for each when one is configured (RuntimeConfig.accommodationMapUrl), else each venue's address as a map link.
 */
export function FindAPlaceView({ stores, config }: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const checkout = useUnit(stores.$checkout);
  const events = placeToStayEvents(checkout?.events ?? []);
  const f = copy.findAPlace;
  const several = events.length > 1;
  const embedded = events.map((event) => ({
    event,
    map: accommodationMapUrl(config.accommodationMapUrl, event),
    search: mapSearchLink(event),
  }));

  return (
    <section className="card stack oc-find" aria-labelledby="find-a-place-title">
      <h1 id="find-a-place-title" ref={heading} tabIndex={-1} className="step-heading">
        {f.title}
      </h1>
      {several ? (
        <ul className="oc-find__links">
          {embedded.map(({ event, map, search }) => (
            <li key={event.id}>
              {map ? (
                <a href={`#stay-${event.id}`}>{f.near(event.title)}</a>
              ) : (
                <a href={search ?? '#'} target="_blank" rel="noopener noreferrer">
                  {f.near(event.title)}
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {embedded.map(({ event, map, search }) =>
        map ? (
          <iframe
            key={event.id}
            id={`stay-${event.id}`}
            className="oc-find__map"
            title={f.mapTitle(event.title)}
            src={map}
            loading="lazy"
            referrerPolicy="no-referrer"
            sandbox="allow-scripts allow-same-origin allow-popups"
          />
        ) : !several ? (
          <p key={event.id}>
            {f.addressIntro}{' '}
            <a href={search ?? '#'} target="_blank" rel="noopener noreferrer">
              {event.venue?.full_address}
            </a>
          </p>
        ) : null,
      )}
    </section>
  );
}
