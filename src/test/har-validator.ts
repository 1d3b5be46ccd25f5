import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * Checks a HAR document against har-schema (the HAR 1.2 specification as JSON Schema, draft 06),
 * for the unit tests of lib/har.ts and the end-to-end test of Download log. Returns the problems,
 * none when the document is valid.
 */
const require = createRequire(import.meta.url);
const schemas = require('har-schema') as Record<string, { $id: string }>;
const draft06 = JSON.parse(
  readFileSync(require.resolve('ajv/dist/refs/json-schema-draft-06.json'), 'utf8'),
) as object;
// ajv-formats is CommonJS; its default export arrives wrapped when imported from ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as typeof addFormatsModule;

// har-schema uses keywords of its own ("optional", "min"), which strict mode would refuse.
const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addMetaSchema(draft06);
addFormats(ajv);
for (const schema of Object.values(schemas)) ajv.addSchema(schema);
const validate = ajv.getSchema('har.json#');
if (!validate) throw new Error('har-schema has no har.json');

export function harProblems(har: unknown): string[] {
  if (validate!(har)) return [];
  return (validate!.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}
