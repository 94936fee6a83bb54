import type { Application } from './application';
import type { ParsedCreateApplicationInput } from './create-input';
import { isCatalogAppName, type CatalogAppName } from './catalog-apps';
import { isCustomAppName, type CustomAppName } from './custom-apps';
import { isJsonObject } from '../validation/record';

/** The name of an app kind the SDK types: a custom app template or a known catalog app. */
export type KnownApplicationName = CustomAppName | CatalogAppName;

type InputOf<N extends KnownApplicationName> = Extract<ParsedCreateApplicationInput, { name: N }>;
type AppSettingsOf<N extends KnownApplicationName> = NonNullable<NonNullable<InputOf<N>['settings']>['app']>;

/**
 * An application of a known kind, as the server answers it: the members of {@link Application},
 * with `name`, `signOnMode` and `settings.app` typed as that kind's. Unknown members are kept; the
 * server's own additions (e.g. `null` defaults) are members of `settings.app` typed `unknown`.
 *
 * @example
 * const app = await client.apps.get(id);
 * if (isApplicationOf(app, 'salesforce')) app.settings.app.instanceType; // 'SANDBOX' | 'PRODUCTION' | 'GOVERNMENT'
 */
export type ApplicationOf<N extends KnownApplicationName> = Application & {
  name: N;
  signOnMode: InputOf<N>['signOnMode'];
  settings: NonNullable<Application['settings']> & { app: AppSettingsOf<N> & Record<string, unknown> };
};

/**
 * An application of any kind the SDK types: a union discriminated by `name`, so after
 * {@link isKnownApplication} a plain `app.name === 'salesforce'` narrows it.
 */
export type KnownApplication = { [N in KnownApplicationName]: ApplicationOf<N> }[KnownApplicationName];

/** Whether `name` is an app kind the SDK types (see {@link KnownApplicationName}). */
export function isKnownApplicationName(name: unknown): name is KnownApplicationName {
  return isCustomAppName(name) || isCatalogAppName(name);
}

/**
 * Narrows an application to a known kind by its `name` (the wire's own discriminator), then
 * `signOnMode` when given: `isApplicationOf(app, 'salesforce', 'SAML_2_0')`. TypeScript cannot
 * narrow `app.name === 'salesforce'` alone, because the other apps' names are any string; this
 * guard is the typed way in. It checks `name`, `signOnMode` and that `settings.app` is an object.
 */
export function isApplicationOf<N extends KnownApplicationName, M extends InputOf<N>['signOnMode'] = InputOf<N>['signOnMode']>(
  app: Application,
  name: N,
  signOnMode?: M,
): app is ApplicationOf<N> & { signOnMode: M } {
  if (app.name !== name) return false;
  if (signOnMode !== undefined && app.signOnMode !== signOnMode) return false;
  const settings = app.settings as { app?: unknown } | undefined | null;
  return isJsonObject(settings?.app);
}

/**
 * Whether an application is of a kind the SDK types (its `name` is a known template or catalog
 * app, and `settings.app` is an object). Narrowed, `app.name === 'salesforce'` then types
 * `app.settings.app` as Salesforce's.
 */
export function isKnownApplication(app: Application): app is KnownApplication {
  if (!isKnownApplicationName(app.name)) return false;
  const settings = app.settings as { app?: unknown } | undefined | null;
  return isJsonObject(settings?.app);
}
