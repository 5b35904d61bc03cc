/**
 * Loads the vendor's web messenger the way its own embed snippet does
 * (Genesys Cloud Web Messenger): a global command function that queues
 * every call until the bootstrap script arrives and takes the queue over,
 * configured by environment and deploymentId. The portal calls it only
 * through `command` and `subscribe` below.
 */
import type { IntegrationConfig } from '../../contract/portal';

/** The vendor's command function: ('command', name, options, resolved, rejected) or ('subscribe', event, listener). */
type VendorFunction = ((...args: unknown[]) => void) & {
  q?: unknown[][];
  t?: number;
  c?: { environment: string; deploymentId: string };
};

/** The global name the bootstrap script looks up in `_genesysJs`. */
export const MESSENGER_GLOBAL = 'Genesys';

export interface VendorEvent {
  data?: unknown;
}

export interface MessengerConnection {
  /** A vendor command; resolves or rejects with the vendor's answer. */
  command(name: string, options?: Record<string, unknown>): Promise<unknown>;
  subscribe(event: string, listener: (event: VendorEvent) => void): void;
}

type ChatSettings = Pick<
  IntegrationConfig,
  'chatDeploymentId' | 'chatEnvironment' | 'chatScriptUrl'
>;

/** Installs the command queue and adds the bootstrap script once; later calls reuse both. */
export function loadMessenger(settings: ChatSettings, win: Window = window): MessengerConnection {
  const scope = win as unknown as Record<string, unknown>;
  if (typeof scope[MESSENGER_GLOBAL] !== 'function') {
    const queue: VendorFunction = (...args: unknown[]) => {
      (queue.q ??= []).push(args);
    };
    queue.t = Date.now();
    queue.c = { environment: settings.chatEnvironment, deploymentId: settings.chatDeploymentId };
    scope._genesysJs = MESSENGER_GLOBAL;
    scope[MESSENGER_GLOBAL] = queue;
    const script = win.document.createElement('script');
    script.async = true;
    script.charset = 'utf-8';
    script.src = settings.chatScriptUrl;
    win.document.head.appendChild(script);
  }
  // Always through the global: the loaded script replaces the queue with the real function.
  const call = (...args: unknown[]) => (scope[MESSENGER_GLOBAL] as VendorFunction)(...args);
  return {
    command: (name, options = {}) =>
      new Promise((resolve, reject) => call('command', name, options, resolve, reject)),
    subscribe: (event, listener) => call('subscribe', event, listener),
  };
}
