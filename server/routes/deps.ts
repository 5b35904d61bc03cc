import type { ServerConfig } from '../config.js';
import type { Db } from '../db/db.js';
import type { PortalConfigService } from '../services/portal-config.service.js';
import type { SessionService } from '../services/session.service.js';

/** What route modules receive from buildApp. */
export interface RouteDeps {
  db: Db;
  config: ServerConfig;
  portalConfig: PortalConfigService;
  sessions: SessionService;
}
