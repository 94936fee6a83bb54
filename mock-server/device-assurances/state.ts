import type { AssuranceChecks, Platform } from './checks';

/** A device assurance policy as `backend.deviceAssurances` and the snapshot show it (a copy). */
export interface MockDeviceAssurance {
  /** `dae…`, 20 characters. */
  id: string;
  /** At most 255 characters. */
  name: string;
  /** ANDROID, IOS, MACOS or WINDOWS; it does not change. */
  platform: Platform;
  /** The checks it makes, those the platform takes. */
  checks: AssuranceChecks;
  /** Whether Okta Verify shows the user how to fix a failed check (HIDE unless given). */
  displayRemediationMode: 'SHOW' | 'HIDE';
  /** ISO 8601, whole seconds. */
  createdDate: string;
  /** The org's administrator (`00u…`). */
  createdBy: string;
  /** ISO 8601, whole seconds. */
  lastUpdate: string;
  /** The org's administrator (`00u…`). */
  lastUpdatedBy: string;
}

/** The organization's device assurance policies, read directly (no HTTP, no auth). */
export interface MockDeviceAssurancesState {
  /** Every policy, in the order they were made. */
  list(): MockDeviceAssurance[];
  /** How many policies the organization holds. */
  readonly size: number;
}

/** What the device assurances capability shows on the backend (`backend.deviceAssurances`). */
export interface DeviceAssurancesBackendState {
  /** The organization's device assurance policies (`/api/v1/device-assurances`). */
  readonly deviceAssurances: MockDeviceAssurancesState;
}
