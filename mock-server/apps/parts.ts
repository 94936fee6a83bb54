import type { Application } from '../../src/apps/application';
import type { CredentialService } from './credentials/service';
import type { AppService } from './service';
import type { AppSurroundings } from './surroundings';

/** What the apps capability offers the capabilities that depend on it. */
export interface AppsParts {
  apps: AppService;
  credentials: CredentialService;
  /** The app as `GET /api/v1/apps/{id}` renders it. */
  render(id: string): Application;
}

/** What is kept around apps, for the capabilities that read it. */
export interface AppSurroundingsParts {
  surroundings: AppSurroundings;
}
