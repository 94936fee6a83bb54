import type { AppService } from './service';
import type { StoredApp } from './store';

/**
 * Changes what an app's links are rendered from (its sign-in policy, its logo) and stores the app
 * again. The body is copied, so the JSON cached for the old body no longer answers for the app.
 */
export function relinkApp(apps: AppService, appId: string, change: (app: StoredApp) => void): void {
  const app = apps.require(appId);
  change(app);
  app.body = { ...app.body };
  apps.apps.update(appId, app);
}
