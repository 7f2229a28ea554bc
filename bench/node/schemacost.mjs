// How long the TypeScript SDK's client takes to compile tool output schemas: n copies of
// one schema, as a static list of n tools declares them.
import { readFileSync } from 'node:fs';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
const schema = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const n = Number(process.argv[3] || 1225);
const v = new AjvJsonSchemaValidator();
const t0 = performance.now();
for (let i = 0; i < n; i++) v.getValidator(JSON.parse(JSON.stringify(schema)));
console.log(`${n} compiles of ${JSON.stringify(schema).length} bytes: ${Math.round(performance.now() - t0)} ms`);
