// Writes schema/seed.schema.json from the zod schema (`npm run schema`); a test checks they agree.
import { writeFileSync } from 'node:fs';
import { seedJsonSchema } from '../mock-server/control/seed-schema';

writeFileSync(new URL('../schema/seed.schema.json', import.meta.url), `${JSON.stringify(seedJsonSchema(), null, 2)}\n`);
