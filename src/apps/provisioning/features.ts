import * as z from 'zod/mini';
import type { ApiCall } from '../../core/api-call';
import { defineOperations } from '../../core/operations';
import type { CallOptions, Transport } from '../../core/transport';
import { recordOf } from '../../validation/record';
import { ObjectBody } from '../object-body';
import type { AppFeatureName, AppFeatureUpdate } from './input';

/** An app's provisioning feature as the API answers it; unknown members are kept. */
export const AppFeatureSchema = z.looseObject({ name: z.string(), status: z.optional(z.string()), capabilities: z.optional(recordOf(z.unknown())) });

/** A provisioning feature of an app: its name, status and capabilities. */
export type AppFeature = z.infer<typeof AppFeatureSchema>;

/**
 * An app's provisioning features (`/api/v1/apps/{appId}/features`): `USER_PROVISIONING` (Okta to the
 * app) and `INBOUND_PROVISIONING` (the app to Okta). They exist once the app's provisioning
 * connection is enabled; before that, and for apps without provisioning, the API answers
 * `BadRequestError` (`E0000001`, "Provisioning is not supported." or "… not enabled …").
 */
export interface AppFeaturesResource {
  /** Lists the app's features (the API does not page them). */
  list(appId: string, options?: CallOptions): ApiCall<AppFeature[]>;
  /** Retrieves one feature by name. */
  get(appId: string, name: AppFeatureName, options?: CallOptions): ApiCall<AppFeature>;
  /** Changes a feature's capabilities; members left out keep their value (a partial update). */
  update(appId: string, name: AppFeatureName, capabilities: AppFeatureUpdate, options?: CallOptions): ApiCall<AppFeature>;
}

/** @internal wired into `client.apps.features` by the `appResources` extension. */
export const appFeatures: (transport: Transport) => AppFeaturesResource = defineOperations({
  list: { route: 'GET /api/v1/apps/{appId}/features', answer: z.array(AppFeatureSchema), what: 'app features' },
  get: { route: 'GET /api/v1/apps/{appId}/features/{name}', answer: AppFeatureSchema, what: 'app feature' },
  update: { route: 'PUT /api/v1/apps/{appId}/features/{name}', body: ObjectBody, answer: AppFeatureSchema, what: 'app feature' },
});
