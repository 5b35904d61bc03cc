import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { Slot } from '../../../src/contract/booking';
import type { TimeOfDay } from '../../../src/domain/booking/flow-params';
import { nextIndex } from '../../../src/domain/booking/roving';
import { timeOfDayOf, zonedTime } from '../../../src/domain/booking/slots';
import { useT } from '../../../src/i18n/useT';

type Timed = Pick<Slot, 'startDateTime' | 'timeZone'>;

const PARTS: readonly TimeOfDay[] = ['MORNING', 'AFTERNOON', 'EVENING'];

/**
 * The free times of one day, grouped into morning, afternoon and evening
 * (spec 2.4 time of day), as one keyboard stop: arrows, Home and End move
 * between the times (roving tabindex; up and down by row), Tab leaves the grid.
 */
export function DayTimes<T extends Timed>({
  title,
  titleId,
  items,
  keyOf,
  render,
}: {
  title: string;
  titleId: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  render: (item: T) => ReactNode;
}) {
  const t = useT();
  const grid = useRef<HTMLDivElement>(null);
  const groups = PARTS.map((part) => ({
    part,
    items: items.filter(
      (item) => timeOfDayOf(zonedTime(item.startDateTime, item.timeZone).hour) === part,
    ),
  })).filter((group) => group.items.length > 0);

  const buttons = () => [
    ...(grid.current?.querySelectorAll<HTMLButtonElement>('button.slot') ?? []),
  ];

  // One tab stop: the chosen time, else the first.
  useEffect(() => {
    const all = buttons();
    const stop = all.find((button) => button.getAttribute('aria-pressed') === 'true') ?? all[0];
    for (const button of all) button.tabIndex = button === stop ? 0 : -1;
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = buttons();
    const current = all.indexOf(event.target as HTMLButtonElement);
    if (current < 0) return;
    const boxes = all.map((button) => button.getBoundingClientRect());
    const next = nextIndex(event.key, current, all.length, boxes);
    if (next === null) return;
    event.preventDefault();
    for (const button of all) button.tabIndex = -1;
    all[next]!.tabIndex = 0;
    all[next]!.focus();
  };

  return (
    <section className="day" aria-labelledby={titleId}>
      <h3 id={titleId} className="day__title">
        {title}
      </h3>
      <div ref={grid} role="group" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        {groups.map((group) => (
          <div key={group.part} className="day__part">
            <h4 className="day__part-title">{t(`booking.slots.${group.part.toLowerCase()}`)}</h4>
            <ul className="day__slots day__slots--wrap">
              {group.items.map((item) => (
                <li key={keyOf(item)}>{render(item)}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
