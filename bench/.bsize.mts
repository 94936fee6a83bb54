import { build } from 'esbuild';
import { browserVariants } from '../scripts/browser-variants';
const r = await build({ stdin: { contents: "export { createClient } from './src/index.ts';", resolveDir: process.cwd(), loader: 'ts' }, bundle: true, minify: true, platform: 'browser', format: 'esm', write: false, metafile: true, plugins: [browserVariants], conditions: ['browser'] });
const inputs = Object.entries(Object.values(r.metafile.outputs)[0]!.inputs).map(([p, v]) => [p, v.bytesInOutput] as const).filter(([,b]) => b > 0).sort((a, b) => b[1] - a[1]);
let total = 0; for (const [p, b] of inputs) { total += b; console.log(String(b).padStart(6), p); }
console.log(total);
