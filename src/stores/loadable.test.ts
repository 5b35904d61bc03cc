import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { IDLE, isPending, keyedLoader, latestCall, loadOnce, type Loadable } from './loadable';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('latestCall: one owner of cancellation', () => {
  it('a new call aborts the one before, and only the latest is current', () => {
    const owner = latestCall();
    const first = owner.start();
    const second = owner.start();
    expect(first.signal.aborted).toBe(true);
    expect(first.current()).toBe(false);
    expect(second.current()).toBe(true);
    expect(owner.busy).toBe(true);
    owner.cancel();
    expect(second.signal.aborted).toBe(true);
    expect(second.current()).toBe(false);
    expect(owner.busy).toBe(false);
  });

  it('the abort reason is an AbortError, so no error is shown for it', () => {
    const owner = latestCall();
    const first = owner.start();
    owner.start();
    expect((first.signal.reason as Error).name).toBe('AbortError');
  });
});

describe('Loadable', () => {
  it('loadOnce loads on the first subscriber and keeps a failure as the ApiError', async () => {
    const target = atom<Loadable<number>>(IDLE);
    let calls = 0;
    const start = loadOnce(target, () => {
      calls++;
      return Promise.reject(new ApiError(404, { message: 'message.not_found' }));
    });
    expect(isPending(target.get())).toBe(true);
    start();
    start();
    await tick();
    expect(calls).toBe(1);
    const state = target.get();
    expect(state.state === 'failed' && [state.error.status, state.error.messageKey]).toEqual([
      404,
      'message.not_found',
    ]);
  });

  it('keyedLoader: a late answer for an old key never overwrites the new one', async () => {
    const key = atom<string | null>('week-1');
    const target = atom<Loadable<string>>(IDLE);
    const answers = new Map<string, (value: string) => void>();
    const loader = keyedLoader(target, key, (k, signal) => {
      return new Promise<string>((resolve, reject) => {
        answers.set(k, resolve);
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    });
    const stop = loader.start();
    key.set('week-2');
    answers.get('week-2')!('slots of week 2');
    answers.get('week-1')!('slots of week 1');
    await tick();
    expect(target.get()).toEqual({ state: 'loaded', value: 'slots of week 2' });
    stop();
  });
});
