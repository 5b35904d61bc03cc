import { describe, expect, it } from 'vitest';
import { loadMessenger, MESSENGER_GLOBAL } from './messenger-loader';

const SETTINGS = {
  chatDeploymentId: 'dep-1',
  chatEnvironment: 'prod-apse2',
  chatScriptUrl: 'https://apps.mypurecloud.com.au/genesys-bootstrap/genesys.min.js',
};

/** Just enough of a window for the loader: the scripts it adds are kept. */
function fakeWindow() {
  const scripts: Record<string, unknown>[] = [];
  const win = {
    document: {
      createElement: () => ({}) as Record<string, unknown>,
      head: { appendChild: (script: Record<string, unknown>) => scripts.push(script) },
    },
  };
  return { win: win as unknown as Window & Record<string, unknown>, scripts };
}

type Queued = ((...args: unknown[]) => void) & { q?: unknown[][]; c?: unknown };

describe("the vendor's messenger loader (R-7-calls-55)", () => {
  it("adds the configured bootstrap script once, with the vendor's queue configured by environment and deploymentId", () => {
    const { win, scripts } = fakeWindow();
    loadMessenger(SETTINGS, win);
    loadMessenger(SETTINGS, win);
    expect(scripts).toEqual([{ async: true, charset: 'utf-8', src: SETTINGS.chatScriptUrl }]);
    expect(win._genesysJs).toBe(MESSENGER_GLOBAL);
    expect((win[MESSENGER_GLOBAL] as Queued).c).toEqual({
      environment: 'prod-apse2',
      deploymentId: 'dep-1',
    });
  });

  it('queues commands and subscriptions until the script arrives, in the order made', () => {
    const { win } = fakeWindow();
    const messenger = loadMessenger(SETTINGS, win);
    const listener = () => undefined;
    messenger.subscribe('Messenger.opened', listener);
    void messenger.command('Messenger.open');
    const queue = (win[MESSENGER_GLOBAL] as Queued).q ?? [];
    expect(queue.map((args) => args.slice(0, 3))).toEqual([
      ['subscribe', 'Messenger.opened', listener],
      ['command', 'Messenger.open', {}],
    ]);
  });

  it("calls the vendor's own function once it has replaced the queue, and settles with its answer", async () => {
    const { win } = fakeWindow();
    const messenger = loadMessenger(SETTINGS, win);
    win[MESSENGER_GLOBAL] = (...args: unknown[]) => {
      const [, name, , resolve, reject] = args as [
        string,
        string,
        unknown,
        (v: unknown) => void,
        (e: unknown) => void,
      ];
      if (name === 'MessagingService.sendMessage') resolve('sent');
      else reject(new Error('There is no active conversation found to clear.'));
    };
    await expect(
      messenger.command('MessagingService.sendMessage', { message: 'hi' }),
    ).resolves.toBe('sent');
    await expect(messenger.command('MessagingService.clearConversation')).rejects.toThrow(
      /no active/,
    );
  });
});
