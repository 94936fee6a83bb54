// The System Log event types the backend writes for the changes its API makes, with the message a
// real organization shows for each. The names are Okta's, from its event types catalogue
// (developer.okta.com/docs/reference/api/event-types/, the same list the Okta integration of
// Elastic's ingest pipelines carries); the messages are those real organizations write where they
// were seen, and otherwise the catalogue's description in a few words.

/** Every event type the backend writes for a change, and its `displayMessage`. */
export const CHANGE_EVENT_TYPES = {
  'application.lifecycle.create': 'Create application',
  'application.lifecycle.update': 'Update application',
  'application.lifecycle.activate': 'Activate application',
  'application.lifecycle.deactivate': 'Deactivate application',
  'application.lifecycle.delete': 'Delete application',
  'application.user_membership.add': 'Add user to application membership',
  'application.user_membership.remove': 'Remove user from application membership',
  'group.application_assignment.add': 'Add assigned application to group',
  'group.application_assignment.remove': 'Remove assigned application from group',
  'user.lifecycle.create': 'Create Okta user',
  'user.lifecycle.activate': 'Activate Okta user',
  'user.lifecycle.reactivate': 'Reactivate Okta user',
  'user.lifecycle.deactivate': 'Deactivate Okta user',
  'user.lifecycle.suspend': 'Suspend Okta user',
  'user.lifecycle.unsuspend': 'Unsuspend Okta user',
  'user.lifecycle.delete.initiated': 'Delete Okta user',
  'user.account.unlock': 'Unlock user account',
  'user.account.update_profile': 'Update user profile for Okta',
  'group.lifecycle.create': 'Create Okta group',
  'group.lifecycle.delete': 'Delete Okta group',
  'group.profile.update': 'Update group profile',
  'group.user_membership.add': 'Add user to group membership',
  'group.user_membership.remove': 'Remove user from group membership',
  // Group rules: Okta's catalogue has no create, update or delete event for a rule; it records
  // what a rule does (triggered when activated, deactivated, invalidated when a group it assigns
  // to is deleted, a user taken out of its group by hand excluded) and the memberships it makes
  // (`group.user_membership.add` above).
  'group.user_membership.rule.trigger': 'Group membership rule triggered',
  'group.user_membership.rule.deactivated': 'Group membership rule deactivated',
  'group.user_membership.rule.invalidate': 'Group membership rule invalidated',
  'group.user_membership.rule.add_exclusion': 'Add user to group membership rule exclusions',
  // Policies and their rules: written by the policies capability through the same writer.
  'policy.lifecycle.create': 'Create policy',
  'policy.lifecycle.update': 'Update policy',
  'policy.lifecycle.activate': 'Activate policy',
  'policy.lifecycle.deactivate': 'Deactivate policy',
  'policy.lifecycle.delete': 'Delete policy',
  'policy.rule.add': 'Add policy rule',
  'policy.rule.update': 'Update policy rule',
  'policy.rule.activate': 'Activate policy rule',
  'policy.rule.deactivate': 'Deactivate policy rule',
  'policy.rule.delete': 'Delete policy rule',
} as const;

/** An event type the backend writes for a change (`application.lifecycle.create`, …). */
export type ChangeEventType = keyof typeof CHANGE_EVENT_TYPES;
