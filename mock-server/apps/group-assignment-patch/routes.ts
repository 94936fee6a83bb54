import { readJsonBody } from '../../pipeline/request';
import { type RouteEnv, type RouteSpec } from '../../pipeline/route';
import { parseAppGroupInput, renderAppGroup, type Assignments } from '../assignments';
import { applyGroupAssignmentPatch } from './json-patch';

/**
 * `PATCH /api/v1/apps/{appId}/groups/{groupId}`: changes a group assignment's priority and profile
 * with a JSON Patch, as `updateGroupAssignmentToApplication` does; answers the assignment. A group
 * not assigned is `E0000007 … (AppGroup)`; the result is checked as `PUT` checks a body.
 */
export function groupAssignmentPatchRoutes(env: RouteEnv, assignments: Assignments): RouteSpec[] {
  return [
    {
      method: 'patch',
      path: '/api/v1/apps/:appId/groups/:groupId',
      summary: 'changes a group assignment with a JSON Patch (`replace`, `remove` of `/priority`, `/profile`, `/profile/{property}`)',
      bucket: 'app',
      scope: 'okta.apps.manage',
      handle: async (input) => {
        const { params, now } = input;
        const current = assignments.group(params.appId!, params.groupId!);
        const text = await input.text();
        const body = text.trim() === '' ? undefined : await readJsonBody({ headers: input.headers, text: () => Promise.resolve(text) });
        const changed = parseAppGroupInput(applyGroupAssignmentPatch(current, body));
        const group = assignments.assignGroup(params.appId!, params.groupId!, changed, now);
        return { status: 200, body: renderAppGroup(env.orgUrl(), params.appId!, group) };
      },
    },
  ];
}
