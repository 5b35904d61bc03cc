import type { IntegrationConfig } from '../../src/contract/portal.js';

/** Sources a page's Content-Security-Policy adds to its own ('self') per directive. */
export interface CspSources {
  script?: string[];
  img?: string[];
  style?: string[];
  font?: string[];
  connect?: string[];
  frame?: string[];
}

function parseUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * What the chat vendor's messenger needs on the portal's pages when a
 * deployment id is configured (R-7-calls-55), nothing otherwise: the
 * bootstrap script's origin and, for a Genesys-style `apps.<region domain>`
 * host, every host of that region domain (the messenger's scripts, styles
 * and fonts, its API and its WebSocket), docs/integrations-chat.md.
 */
export function chatSources(integration: IntegrationConfig): CspSources {
  if (!integration.chatDeploymentId) return {};
  const url = parseUrl(integration.chatScriptUrl);
  if (!url) return {};
  const region = /^apps\.([a-z0-9-]+(\.[a-z0-9-]+)+)$/i.exec(url.hostname)?.[1];
  const hosts = region ? [url.origin, `https://*.${region}`] : [url.origin];
  const sockets = region ? [`wss://*.${region}`] : [];
  return {
    script: hosts,
    style: hosts,
    font: hosts,
    frame: hosts,
    connect: [...hosts, ...sockets],
  };
}
