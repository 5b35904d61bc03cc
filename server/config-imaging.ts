/**
 * The environment of issue 17's server parts (docs/dicomweb.md and docs/api.md
 * list the variables); main.ts adds it to loadServerConfig's answer.
 */
import { parseOrigins } from './config.js';

export interface ImagingServerConfig {
  imaging?: ImagingConfig;
}

// ServerConfig carries `imaging` (config.ts stays within its 300 lines).
declare module './config.js' {
  interface ServerConfig {
    imaging?: ImagingConfig;
  }
}

export interface ImagingConfig {
  /**
   * DICOMWEB_ALLOWED_ORIGINS: origins of external viewers (OHIF and the like)
   * that may call the DICOMweb service from the browser (CORS, without
   * credentials: the viewer token is the credential).
   */
  viewerOrigins: string[];
  /** VIEWER_TOKEN_SECONDS: lifetime of a viewer token (default 900). */
  viewerTokenSeconds: number;
  /** IMAGE_LINK_DAYS: how long a generated image link stays ACTIVE (default 30). */
  imageLinkDays: number;
  /** RESULTS_RELEASE_INTERVAL_SECONDS: how often due results are released (default 300). */
  releaseIntervalSeconds: number;
  /** Image-link lookups per client address and window (default 30 a minute). */
  lookupRateLimit: { max: number; windowSeconds: number };
  /**
   * DICOMweb requests per valid viewer token and window, instead of the
   * address's budget (DICOMWEB_RATE_LIMIT_MAX, default 3000 a minute).
   */
  viewerRateLimit?: { max: number; windowSeconds: number };
}

/** DICOMweb requests a valid viewer token may make a minute (a viewer of a big study sends hundreds). */
export const DEFAULT_VIEWER_RATE_LIMIT = { max: 3000, windowSeconds: 60 };

export const DEFAULT_IMAGING: ImagingConfig = {
  viewerOrigins: [],
  viewerTokenSeconds: 900,
  imageLinkDays: 30,
  releaseIntervalSeconds: 300,
  lookupRateLimit: { max: 30, windowSeconds: 60 },
  viewerRateLimit: DEFAULT_VIEWER_RATE_LIMIT,
};

function whole(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`${name} must be a positive integer, got ${value}`);
  return n;
}

export function loadImagingConfig(env: NodeJS.ProcessEnv): ImagingServerConfig {
  return {
    imaging: {
      viewerOrigins: parseOrigins(env.DICOMWEB_ALLOWED_ORIGINS, 'DICOMWEB_ALLOWED_ORIGINS'),
      viewerTokenSeconds: whole('VIEWER_TOKEN_SECONDS', env.VIEWER_TOKEN_SECONDS, 900),
      imageLinkDays: whole('IMAGE_LINK_DAYS', env.IMAGE_LINK_DAYS, 30),
      releaseIntervalSeconds: whole(
        'RESULTS_RELEASE_INTERVAL_SECONDS',
        env.RESULTS_RELEASE_INTERVAL_SECONDS,
        300,
      ),
      lookupRateLimit: {
        max: whole('IMAGE_LINK_RATE_LIMIT_MAX', env.IMAGE_LINK_RATE_LIMIT_MAX, 30),
        windowSeconds: 60,
      },
      viewerRateLimit: {
        max: whole(
          'DICOMWEB_RATE_LIMIT_MAX',
          env.DICOMWEB_RATE_LIMIT_MAX,
          DEFAULT_VIEWER_RATE_LIMIT.max,
        ),
        windowSeconds: DEFAULT_VIEWER_RATE_LIMIT.windowSeconds,
      },
    },
  };
}
