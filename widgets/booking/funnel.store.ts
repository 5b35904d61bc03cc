/**
 * The booking flow as the analytics funnel sees it (R-4-create-14,
 * R-7-calls-59): a view of the flow's stores after each change, turned
 * into funnel events by the pure rule of src/domain/booking/funnel.ts and
 * appended to $funnel. Loaded only when analytics is enabled
 * (BookingWidget). It reads atoms by `.value` and subscribes only to
 * stores the flow has mounted already, so it starts no request of its own;
 * the step to the questionnaires, which is another element's, it learns
 * from the flow's imaging-booking-navigated event.
 */
import {
  EMAIL_HASH_EVENTS,
  EMPTY_FUNNEL_VIEW,
  funnelEvents,
  hashEmail,
} from '../../src/domain/booking/funnel';
import type { FunnelEvent, FunnelView } from '../../src/domain/booking/funnel';
import { valueOf, type Loadable } from '../../src/stores/loadable';
import { trackFunnel } from '../../src/stores/funnel.store';
import type { ImagingEventMap } from '../../src/element/events';
import { $booking, $created } from './booking.store';
import { $bookingForm, $submission } from './form-state.store';
import { $bodyParts, $exams, $modalities } from './catalogue.store';
import { $clinics } from './clinics.store';
import { $flowFacts, $visibleStep } from './flow.store';

let inQuestionnaires = false;
let completed = 0;

function nameOf(list: readonly { slug: string; name: string }[] | undefined, slug: string | null) {
  if (slug === null) return null;
  return list?.find((item) => item.slug === slug)?.name ?? slug;
}

/**
 * What a catalogue list holds now, without loading it: the lists are computed
 * in the patient's language (catalogue.store.ts), and reading one that no step
 * shows would mount it and fetch.
 */
function loadedNow<T>(loadable: Loadable<T> | undefined): T | undefined {
  return loadable && valueOf(loadable);
}

/** The flow now, in the funnel's terms. */
export function currentView(): FunnelView {
  const { params } = $booking.value;
  const created = $created.value;
  const exams = loadedNow($exams.value) ?? [];
  const clinicId = params.selectedClinic;
  const clinic =
    clinicId === null
      ? null
      : (valueOf($clinics.value)?.find((item) => item.id === clinicId) ??
        (created?.clinic?.id === clinicId ? created.clinic : null));
  return {
    step: $visibleStep.value ?? null,
    procedureTab: params.procedureTab,
    scanType: nameOf(loadedNow($modalities.value), params.modality),
    bodyPart: nameOf(loadedNow($bodyParts.value), params.bodyPart),
    procedures: params.examSlugs.map(
      (slug) => exams.find((exam) => exam.slug === slug)?.name ?? slug,
    ),
    location: clinicId === null ? null : { id: clinicId, name: clinic?.name ?? null },
    slots: params.slots.map((slot) => slot?.startTime ?? ''),
    allSlotsChosen: $flowFacts.value?.allSlotsChosen ?? false,
    inQuestionnaires,
    submitting: $submission.value.state === 'submitting',
    completed,
    kind: created?.kind ?? null,
  };
}

let watching = false;

/**
 * Follows the flow for the rest of the page's life (the booking element
 * comes back after the questionnaires). Events keep their order: those that
 * carry the e-mail wait for its hash, and later ones wait for them.
 */
export function watchFunnel(): void {
  if (watching) return;
  watching = true;
  let before = EMPTY_FUNNEL_VIEW;
  let sending: Promise<void> = Promise.resolve();
  const update = () => {
    const after = currentView();
    const events = funnelEvents(before, after);
    before = after;
    if (events.length === 0) return;
    const email = $created.value?.email ?? $bookingForm.value.email;
    sending = sending.then(async () => {
      const hash = events.some((event) => EMAIL_HASH_EVENTS.has(event.name))
        ? await hashEmail(email).catch(() => undefined)
        : undefined;
      trackFunnel(events.map((event) => withHash(event, hash)));
    });
  };
  // The flow leaves for the questionnaires as its navigated event says (the request atom is
  // cleared by the time a store listener would read it).
  document.addEventListener('imaging-booking-navigated', (event) => {
    const { path } = (event as CustomEvent<ImagingEventMap['imaging-booking-navigated']>).detail;
    if (!path.endsWith('/questionnaires')) return;
    inQuestionnaires = true;
    update();
  });
  $booking.listen(() => {
    inQuestionnaires = false;
    update();
  });
  $created.listen((created) => {
    if (created) completed += 1;
    update();
  });
  $submission.listen(update);
  $visibleStep.subscribe(update);
}

function withHash(event: FunnelEvent, hash: string | undefined): FunnelEvent {
  return hash && EMAIL_HASH_EVENTS.has(event.name) ? { ...event, emailHash: hash } : event;
}
