import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import { clinicAppointmentRequests, createRequestGroup } from './request-group';
import { createFakeFetch, never } from './testing';

describe('request groups (R-7-http-01)', () => {
  it('cancelAll aborts every call of the group, and run() releases what it started', async () => {
    const fetch = createFakeFetch(() => never());
    const api = createApiClient({ fetch });
    const pending = api('/api/clinic_appointments', { signal: clinicAppointmentRequests.track() });
    const alsoPending = clinicAppointmentRequests.run((signal) =>
      api('/api/clinic_appointments', { signal }),
    );
    clinicAppointmentRequests.cancelAll();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(alsoPending).rejects.toMatchObject({ name: 'AbortError' });
    expect(clinicAppointmentRequests.size).toBe(0);
  });

  it('a tracked signal follows its parent signal', () => {
    const group = createRequestGroup('test');
    const parent = new AbortController();
    const signal = group.track(parent.signal);
    parent.abort();
    expect(signal.aborted).toBe(true);

    const alreadyAborted = group.track(parent.signal);
    expect(alreadyAborted.aborted).toBe(true);
  });

  it('finished calls are released', async () => {
    const group = createRequestGroup('test');
    await group.run(async () => 'done');
    expect(group.size).toBe(0);
    const signal = group.track();
    expect(group.size).toBe(1);
    group.release(signal);
    expect(group.size).toBe(0);
  });
});
