// A TypeDoc plugin (typedoc.json names it): every property of an exported class or interface needs
// a doc comment. TypeDoc's own check of properties would also ask one of each member of the
// anonymous object types that zod schemas infer (an app's wire fields, some 2,500 of them); those
// are Okta's fields, documented by Okta, so `requiredToBeDocumented` leaves properties out and this
// check takes the named ones back.
import { Application, ReflectionKind } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    if (!app.options.getValue('validation').notDocumented) return;
    for (const property of project.getReflectionsByKind(ReflectionKind.Property)) {
      const owner = property.parent;
      if (!owner?.kindOf(ReflectionKind.ClassOrInterface)) continue;
      if (property.hasComment() || property.inheritedFrom) continue;
      const source = property.sources?.[0]?.fullFileName ?? '';
      if (source.includes('/node_modules/')) continue;
      app.logger.warn(`${property.getFriendlyFullName()} (Property), defined in ${property.sources?.[0]?.fileName ?? 'unknown'}, does not have any documentation`);
    }
  });
}
