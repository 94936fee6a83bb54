import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { browserVariants } from './scripts/browser-variants';
const code = process.argv[2] ?? "export { createClient } from './src/index.ts';";
const r = await build({ stdin: { contents: code, resolveDir: '/work/wt/around', loader: 'ts' }, tsconfigRaw: '{}', bundle: true, minify: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent', plugins: [browserVariants] });
const out = r.outputFiles[0]!.contents;
console.log('min', out.length, 'gz', gzipSync(out).length);
const inputs = Object.values(r.metafile.outputs)[0]!.inputs;
for (const [p, { bytesInOutput }] of Object.entries(inputs).filter(([p]) => /apps\/(policies|logo|provisioning|tokens|group-push|federated|user-schema)/.test(p))) console.log(bytesInOutput, p);
