import { APPS } from './apps/capability';
import { APP_SURROUNDINGS } from './apps/surroundings-capability';
import { AUTHENTICATORS } from './authenticators/capability';
import { AUTHORIZATION_SERVERS } from './authorization-servers/capability';
import { DEVICE_ASSURANCES } from './device-assurances/capability';
import { DIRECTORY } from './directory/capability';
import { IAM_RESOURCE_SETS } from './iam-resource-sets/capability';
import { INLINE_HOOKS } from './inline-hooks/capability';
import { ID_TOKEN_SETTINGS } from './id-token-settings/capability';
import { GROUP_RULES } from './group-rules/capability';
import { LOGS } from './logs/capability';
import { NETWORK_ZONES } from './network-zones/capability';
import { OAUTH } from './oauth/capability';
import { ORG } from './org/capability';
import { ROLES } from './roles/capability';
import { POLICIES } from './policies/capability';
import { SECURITY_EVENTS } from './security-events/capability';

/**
 * The backend's capabilities, one line each. Their routes are tried in this order; a capability is
 * made after the capabilities it depends on (which may come later in the list; no circles). The control plane
 * clears, snapshots, restores and seeds each, and the published seed and snapshot schemas are made
 * of their members. Group rules come before the directory: `/api/v1/groups/rules` is theirs, not a group's id.
 */
export const BUILT_IN_CAPABILITIES = [APPS, SECURITY_EVENTS, LOGS, OAUTH, POLICIES, APP_SURROUNDINGS, GROUP_RULES, DIRECTORY, ORG, ID_TOKEN_SETTINGS, ROLES, IAM_RESOURCE_SETS, AUTHENTICATORS, NETWORK_ZONES, DEVICE_ASSURANCES, INLINE_HOOKS, AUTHORIZATION_SERVERS] as const;
