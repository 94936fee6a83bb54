import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contractAvailable, PATCHED_CONTRACT_ENV, patchedContract } from './contract';

/**
 * vitest's global setup: parses and patches the OpenAPI contract once for the whole run and writes it
 * as JSON, which every test file then reads in milliseconds (workers inherit the variable naming it).
 * Without the contract (a fresh clone) it does nothing, and the contract tests skip as they say.
 */
export default function setup(): () => void {
  if (!contractAvailable || process.env[PATCHED_CONTRACT_ENV] !== undefined) return () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'appset-contract-'));
  const file = join(dir, 'contract.json');
  writeFileSync(file, JSON.stringify(patchedContract()));
  process.env[PATCHED_CONTRACT_ENV] = file;
  return () => {
    delete process.env[PATCHED_CONTRACT_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
