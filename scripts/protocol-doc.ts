// `npm run docs:protocol`: rewrites the protocol section of docs/architecture.md from the registries.
import { readFileSync, writeFileSync } from 'node:fs';
import { withProtocolDoc } from '../src/shared/realtime/protocol-doc';

const file = new URL('../docs/architecture.md', import.meta.url);
writeFileSync(file, withProtocolDoc(readFileSync(file, 'utf8')));
console.log('docs/architecture.md: protocol section written');
