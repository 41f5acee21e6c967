#!/usr/bin/env node
// Copies the client protocol's part of the contract (libs/contracts/src/client.ts
// and files.ts) into src/generated/, so the published SDK carries those types and
// messages itself and depends at run time on nothing but Node and `jose`.
// Runs before every build, typecheck and test; the copies are git-ignored.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sdk = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contracts = path.resolve(sdk, '../contracts/src');
const target = path.join(sdk, 'src/generated');

mkdirSync(target, { recursive: true });
for (const file of ['client.ts', 'files.ts']) {
  const source = readFileSync(path.join(contracts, file), 'utf8');
  // A copied file must stand alone: an import would pull the rest of the contracts in.
  if (/^\s*(import|export\s+\*\s+from|export\s+\{[^}]*\}\s+from)\s/m.test(source)) {
    throw new Error(`libs/contracts/src/${file} imports another module; the SDK copies it verbatim and cannot`);
  }
  const header = `// Generated from libs/contracts/src/${file} by libs/sdk/scripts/sync-contract.mjs. Do not edit.\n\n`;
  writeFileSync(path.join(target, file), header + source);
}
