// @vitest-environment node
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { accountSchema } from '../src/features/account/api/account-api';
import { productSchema } from '../src/features/products/api/products-api';
import { userDetailSchema, userSchema } from '../src/features/users/api/users-api';
import { itemEnvelope, listEnvelope } from '../src/lib/api-schemas';
import { createContractChecker, loadOpenApi } from './openapi-contract';

/**
 * The console's response schemas accept every success example in docs/openapi.yaml, and every
 * example matches the document's own schema. Kept apart from the mock's contract test because it
 * is the one place that knows the console's schema library: when the schemas change library, only
 * `accepts` below changes.
 */

const checker = createContractChecker(loadOpenApi());

/** What each operation's response is parsed with in the console. */
const consoleSchemas: Record<string, v.GenericSchema> = {
  listUsers: listEnvelope(userSchema),
  getUser: itemEnvelope(userDetailSchema),
  listProducts: listEnvelope(productSchema),
  getAccount: accountSchema,
};

/** The one function that knows the schema library (valibot). */
function accepts(operationId: string, value: unknown): boolean {
  const schema = consoleSchemas[operationId];
  if (!schema) throw new Error(`No console schema for the operation ${operationId}`);
  return v.safeParse(schema, value).success;
}

const examples = checker.responseExamples();
const successExamples = examples.filter((example) => example.status === '200');

describe('docs/openapi.yaml examples', () => {
  it('has a success example for every operation the console calls', () => {
    expect(new Set(successExamples.map((example) => example.operationId))).toEqual(
      new Set(Object.keys(consoleSchemas)),
    );
  });

  it.each(examples.map((example) => [example.operationId, example.status, example.name, example]))(
    '%s %s example %s matches the document’s schema',
    (_operation, _status, _name, example) => {
      expect(checker.checkExample(example)).toEqual([]);
    },
  );

  it.each(successExamples.map((example) => [example.operationId, example.name, example.value]))(
    'the console accepts the %s example %s',
    (operationId, _name, value) => {
      expect(accepts(operationId, value)).toBe(true);
    },
  );

  it('the console would notice an example it cannot read', () => {
    expect(accepts('listUsers', { data: [{ id: 1 }], meta: { total: 1, page: 1, limit: 1 } })).toBe(
      false,
    );
    expect(accepts('getUser', { data: { id: 'user_1', name: 'A' } })).toBe(false);
  });
});
