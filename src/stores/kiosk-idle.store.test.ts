import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $kioskIdle,
  cancelIdleWarning,
  goHomeNow,
  reportActivity,
  startIdleWatch,
  stopIdleWatch,
} from './kiosk-idle.store';
import { listenForActivity } from './kiosk-activity';
import { forgetPatientStorage, kioskHome } from './kiosk-session';

const IDLE = 120;

describe('kiosk inactivity (spec 4 "Kiosk inactivity", spec 9)', () => {
  let expired: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    vi.useFakeTimers();
    expired = vi.fn<() => void>();
  });
  afterEach(() => {
    stopIdleWatch();
    vi.useRealTimers();
  });
  const start = () => startIdleWatch({ idleSeconds: IDLE, onExpire: expired });

  it('after kioskNoActivitySeconds the modal opens with a 10-second countdown, and at zero the kiosk goes home', () => {
    start();
    expect($kioskIdle.get()).toEqual({ phase: 'watching', remaining: 0 });
    vi.advanceTimersByTime(IDLE * 1000 - 1);
    expect($kioskIdle.get().phase).toBe('watching');
    vi.advanceTimersByTime(1);
    expect($kioskIdle.get()).toEqual({ phase: 'warning', remaining: 10 });
    vi.advanceTimersByTime(5000);
    expect($kioskIdle.get().remaining).toBe(5);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5000);
    expect(expired).toHaveBeenCalledOnce();
    expect($kioskIdle.get().phase).toBe('off');
  });

  it('the idle kiosk home with nothing to clear never warns nor goes home, and warns once a patient is there (R-4-kiosk-03)', () => {
    let nothingToClear = true;
    startIdleWatch({ idleSeconds: IDLE, onExpire: expired, quiet: () => nothingToClear });
    vi.advanceTimersByTime(IDLE * 1000 * 10);
    expect($kioskIdle.get()).toEqual({ phase: 'watching', remaining: 0 });
    expect(expired).not.toHaveBeenCalled();
    nothingToClear = false;
    vi.advanceTimersByTime(IDLE * 1000);
    expect($kioskIdle.get()).toEqual({ phase: 'warning', remaining: 10 });
  });

  it('activity before the time is up starts the idle time over', () => {
    start();
    vi.advanceTimersByTime((IDLE - 10) * 1000);
    reportActivity();
    vi.advanceTimersByTime((IDLE - 10) * 1000);
    expect($kioskIdle.get().phase).toBe('watching');
  });

  it('any activity ends the idle state and closes the modal', () => {
    start();
    vi.advanceTimersByTime(IDLE * 1000 + 3000);
    expect($kioskIdle.get().phase).toBe('warning');
    reportActivity();
    expect($kioskIdle.get().phase).toBe('watching');
    vi.advanceTimersByTime(20_000);
    expect(expired).not.toHaveBeenCalled();
  });

  it('keys inside the open warning answer it and do not close it', () => {
    start();
    vi.advanceTimersByTime(IDLE * 1000);
    reportActivity(true);
    expect($kioskIdle.get().phase).toBe('warning');
  });

  it('Cancel keeps the session and restarts watching', () => {
    start();
    vi.advanceTimersByTime(IDLE * 1000);
    cancelIdleWarning();
    expect($kioskIdle.get().phase).toBe('watching');
    vi.advanceTimersByTime(IDLE * 1000);
    expect($kioskIdle.get().phase).toBe('warning');
    expect(expired).not.toHaveBeenCalled();
  });

  it('Home ends idle watching and ends the session at once', () => {
    start();
    vi.advanceTimersByTime(IDLE * 1000);
    goHomeNow();
    expect(expired).toHaveBeenCalledOnce();
    expect($kioskIdle.get().phase).toBe('off');
    vi.advanceTimersByTime(IDLE * 3000);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('a kiosk-mode message saying false stops watching: nothing opens later', () => {
    start();
    stopIdleWatch();
    vi.advanceTimersByTime(IDLE * 5000);
    expect($kioskIdle.get().phase).toBe('off');
    reportActivity();
    expect($kioskIdle.get().phase).toBe('off');
    expect(expired).not.toHaveBeenCalled();
  });

  it('a storage event from another tab counts as activity, and so do keyboard and scroll', () => {
    const target = new EventTarget() as unknown as Window;
    const stop = listenForActivity(target, () => reportActivity());
    start();
    for (const name of ['storage', 'keydown', 'scroll', 'touchstart', 'pointerdown']) {
      vi.advanceTimersByTime(IDLE * 1000 - 1000);
      target.dispatchEvent(new Event(name));
      expect($kioskIdle.get().phase, name).toBe('watching');
    }
    stop();
    vi.advanceTimersByTime(IDLE * 1000);
    expect($kioskIdle.get().phase).toBe('warning');
  });
});

describe('the end of a kiosk session', () => {
  it('forgets the patient in storage and keeps only the device keys', () => {
    const data = new Map<string, string>([
      ['imaging.booking-form', '{"flow":"x","values":{"firstName":"Ann"}}'],
      ['imaging-portal.locale', 'mk'],
      ['imaging-portal.closeBanner', 'true'],
      ['imaging-booking.postal-code-location', '{"id":1}'],
    ]);
    const store = {
      removeItem: (key: string) => data.delete(key),
      get keys() {
        return [...data.keys()];
      },
    };
    const storage = new Proxy(store, {
      ownKeys: () => [...data.keys()],
      getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }),
    }) as unknown as Storage;
    forgetPatientStorage([storage, null]);
    expect([...data.keys()].sort()).toEqual([
      'imaging-booking.postal-code-location',
      'imaging-portal.closeBanner',
    ]);
  });

  it('goes to /kiosk?kioskMode=true, under /iframe when embedded', () => {
    expect(kioskHome('/booking')).toBe('/kiosk?kioskMode=true');
    expect(kioskHome('/iframe/booking')).toBe('/iframe/kiosk?kioskMode=true');
  });
});
