/**
 * Type-level test of src/element/element-types.ts (issue 14 part 3),
 * compiled by `npm run check` and never run: a clinic's editor completes the
 * tags and event details, and a misuse fails the compile (each
 * `@ts-expect-error` below errors if the misuse stops being an error).
 */
import type { ImagingBookingElement } from '../../src/element/element-types';
import type { NavigationDetail } from '../../src/element/events';

type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(proof: Equals<A, B>): Equals<A, B> => proof;

export function typedTagsAndEvents(): void {
  const booking = document.querySelector('imaging-booking');
  same<typeof booking, ImagingBookingElement | null>(true);
  if (booking) {
    booking.examSlug = 'mri-knee';
    booking.kioskMode = true;
    // @ts-expect-error clinic-id is a number
    booking.clinicId = '2';
  }

  const frame = document.createElement('imaging-frame');
  frame.loading = true;
  // @ts-expect-error the frame has no exam-slug
  frame.examSlug = 'mri-knee';

  document.addEventListener('imaging-booking-navigated', (event) => {
    same<typeof event.detail, NavigationDetail>(true);
    const path: string = event.detail.path;
    // @ts-expect-error the navigation detail has no href
    void event.detail.href;
    void path;
  });

  booking?.addEventListener('imaging-booking-created', (event) => {
    const kind: 'appointment' | 'booking-request' = event.detail.kind;
    // @ts-expect-error a booking key is a string
    const key: number = event.detail.bookingKey;
    void kind;
    void key;
  });

  window.addEventListener('imaging-booking-progressed', (event) => {
    const step: number = event.detail.step;
    void step;
  });
}
