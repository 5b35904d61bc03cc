// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextRunSharing } from '../db/next-run.js';

/** A run that records its batches and resolves when told. */
function recorder() {
  const batches: string[][] = [];
  const releases: (() => void)[] = [];
  const run = (key: string, inputs: readonly string[]) =>
    new Promise<string[]>((resolve) => {
      batches.push([key, ...inputs]);
      releases.push(() => resolve(inputs.map((input) => `${input}@${batches.length}`)));
    });
  return { batches, releases, run };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('next-run sharing (issue 15: one statement for the calls that queue)', () => {
  it('runs the calls of one event-loop turn together, and those that arrive meanwhile in the next run', async () => {
    const { batches, releases, run } = recorder();
    const shared = nextRunSharing(run);
    const first = [shared.submit('k', 'a'), shared.submit('k', 'b')];
    await tick();
    expect(batches).toEqual([['k', 'a', 'b']]);
    const second = [shared.submit('k', 'c'), shared.submit('k', 'd')];
    releases[0]?.();
    expect(await Promise.all(first)).toEqual(['a@1', 'b@1']);
    await tick();
    // c and d arrived while a and b's run was in flight: they share a run that started after them.
    expect(batches).toEqual([
      ['k', 'a', 'b'],
      ['k', 'c', 'd'],
    ]);
    releases[1]?.();
    expect(await Promise.all(second)).toEqual(['c@2', 'd@2']);
  });

  it('keeps keys apart and starts again after a failed run', async () => {
    let fail = true;
    const shared = nextRunSharing<string, string>(async (key, inputs) => {
      if (fail) {
        fail = false;
        throw new Error('down');
      }
      return inputs.map((input) => `${key}:${input}`);
    });
    await expect(shared.submit('x', '1')).rejects.toThrow('down');
    expect(await Promise.all([shared.submit('x', '2'), shared.submit('y', '3')])).toEqual([
      'x:2',
      'y:3',
    ]);
  });
});
