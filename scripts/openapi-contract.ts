import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

/**
 * Checks HTTP responses against docs/openapi.yaml: the status must be one the operation documents
 * (or its `default`), the documented headers must match their schemas, and the body must be of a
 * documented media type and match its schema. Schemas are the document's own, run by Ajv in the
 * JSON Schema 2020-12 dialect that OpenAPI 3.1 uses, so the mock and the description cannot drift
 * apart unnoticed (scripts/mock-contract.test.ts).
 */

export const OPENAPI_FILE = fileURLToPath(new URL('../docs/openapi.yaml', import.meta.url));

/** The document's id inside Ajv; schemas are compiled as JSON pointers into it. */
const DOCUMENT_ID = 'openapi.yaml';

/** OpenAPI's own fields around and inside schemas, which Ajv's strict mode would refuse. */
const OPENAPI_KEYWORDS = [
  'openapi',
  'info',
  'jsonSchemaDialect',
  'servers',
  'paths',
  'webhooks',
  'components',
  'security',
  'tags',
  'externalDocs',
  'discriminator',
  'xml',
  'example',
];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: Json;
  [field: string]: unknown;
}

export interface ObservedResponse {
  method: string;
  /** The path after the API root, e.g. `/v1/users/user_1` (no query). */
  path: string;
  status: number;
  headers: Headers;
  body: string;
}

export interface ContractCheck {
  /** The documented operation and response key that covered the response, e.g. `GET /v1/users 200`. */
  matched: string | undefined;
  problems: string[];
}

/** A value reached by following `$ref`s, with the JSON pointer of where it actually lives. */
interface Located<T> {
  value: T;
  pointer: string;
}

/** The `application/json` examples of one documented response. */
export interface ResponseExample {
  operationId: string;
  status: string;
  name: string;
  value: unknown;
  /** Where the schema the example illustrates lives in the document. */
  schemaPointer: string;
}

export function loadOpenApi(file = OPENAPI_FILE): OpenApiDocument {
  const document: unknown = parse(readFileSync(file, 'utf8'));
  if (!isObject(document) || !isObject(document.paths)) {
    throw new Error(`${file} is not an OpenAPI document with paths`);
  }
  return document as OpenApiDocument;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** ajv-formats is CommonJS; under Node its default export arrives wrapped once more. */
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule;

export function createContractChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addVocabulary(OPENAPI_KEYWORDS);
  ajv.addSchema(document, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();

  function validatorAt(pointer: string): ValidateFunction {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  }

  function at(pointer: string): unknown {
    return pointer
      .split('/')
      .slice(1)
      .reduce<unknown>(
        (value, segment) => (isObject(value) ? value[unescapePointer(segment)] : undefined),
        document,
      );
  }

  /** Follows an OpenAPI Reference Object (`$ref` to a local component) to what it names. */
  function resolve(pointer: string): Located<Json> {
    const value = at(pointer);
    if (!isObject(value)) throw new Error(`Nothing at ${pointer} in ${DOCUMENT_ID}`);
    if (typeof value.$ref === 'string') {
      if (!value.$ref.startsWith('#/')) throw new Error(`Only local $refs: ${value.$ref}`);
      return resolve(value.$ref.slice(1));
    }
    return { value, pointer };
  }

  /** The path template that covers `path`; literal templates win over `{parameter}` ones. */
  function templateFor(path: string): string | undefined {
    const templates = Object.keys(document.paths);
    if (templates.includes(path)) return path;
    return templates.find((template) => {
      const pattern = template
        .split('/')
        .map((segment) =>
          /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/');
      return new RegExp(`^${pattern}$`).test(path);
    });
  }

  function schemaErrors(pointer: string, value: unknown, what: string): string[] {
    const validate = validatorAt(pointer);
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (error) => `${what}${error.instancePath || ''} ${error.message ?? 'is invalid'}`,
    );
  }

  function check(response: ObservedResponse): ContractCheck {
    const method = response.method.toLowerCase();
    const where = `${response.method.toUpperCase()} ${response.path}`;
    const template = templateFor(response.path);
    if (!template) return { matched: undefined, problems: [`${where}: no documented path`] };
    const operationPointer = `/paths/${escapePointer(template)}/${method}`;
    if (!isObject(at(operationPointer))) {
      return { matched: undefined, problems: [`${where}: no documented operation`] };
    }
    const responses = resolve(`${operationPointer}/responses`).value;
    const status = String(response.status);
    const key = [status, `${status[0]}XX`, 'default'].find((candidate) => candidate in responses);
    if (!key) {
      return {
        matched: undefined,
        problems: [`${where}: status ${status} is not documented`],
      };
    }
    const matched = `${response.method.toUpperCase()} ${template} ${key}`;
    const problems: string[] = [];
    const documented = resolve(`${operationPointer}/responses/${escapePointer(key)}`);

    if (isObject(documented.value.headers)) {
      for (const name of Object.keys(documented.value.headers)) {
        const header = resolve(`${documented.pointer}/headers/${escapePointer(name)}`);
        const actual = response.headers.get(name);
        if (actual === null) {
          if (header.value.required === true) problems.push(`header ${name} is missing`);
          continue;
        }
        problems.push(...schemaErrors(`${header.pointer}/schema`, actual, `header ${name}`));
      }
    }

    const content = isObject(documented.value.content) ? documented.value.content : {};
    const mediaType = response.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase();
    if (Object.keys(content).length === 0) {
      if (response.body !== '') problems.push(`a body where none is documented`);
      return { matched, problems };
    }
    if (!mediaType || !(mediaType in content)) {
      problems.push(
        `Content-Type ${mediaType ?? '(none)'} is not one of ${Object.keys(content).join(', ')}`,
      );
      return { matched, problems };
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      problems.push('the body is not JSON');
      return { matched, problems };
    }
    const mediaPointer = `${documented.pointer}/content/${escapePointer(mediaType)}`;
    problems.push(...schemaErrors(`${mediaPointer}/schema`, body, 'body'));
    return { matched, problems };
  }

  /** Every documented response key of every operation, as `check` reports it in `matched`. */
  function documentedResponses(): string[] {
    return Object.entries(document.paths).flatMap(([template, item]) =>
      METHODS.filter((method) => isObject(item[method])).flatMap((method) => {
        const pointer = `/paths/${escapePointer(template)}/${method}/responses`;
        return Object.keys(resolve(pointer).value).map(
          (key) => `${method.toUpperCase()} ${template} ${key}`,
        );
      }),
    );
  }

  /** The named JSON examples of every documented response, refs followed. */
  function responseExamples(): ResponseExample[] {
    return Object.entries(document.paths).flatMap(([template, item]) =>
      METHODS.filter((method) => isObject(item[method])).flatMap((method) => {
        const operationPointer = `/paths/${escapePointer(template)}/${method}`;
        const operationId = String(resolve(operationPointer).value.operationId);
        const responses = resolve(`${operationPointer}/responses`).value;
        return Object.keys(responses).flatMap((status) => {
          const documented = resolve(`${operationPointer}/responses/${escapePointer(status)}`);
          const media = documented.value.content;
          const json = isObject(media) ? media['application/json'] : undefined;
          const examples = isObject(json) && isObject(json.examples) ? json.examples : {};
          return Object.keys(examples).map((name) => {
            const example = resolve(
              `${documented.pointer}/content/application~1json/examples/${escapePointer(name)}`,
            );
            return {
              operationId,
              status,
              name,
              value: example.value.value,
              schemaPointer: `${documented.pointer}/content/application~1json/schema`,
            };
          });
        });
      }),
    );
  }

  /** Problems with an example against the schema documented beside it. */
  function checkExample(example: ResponseExample): string[] {
    return schemaErrors(example.schemaPointer, example.value, `example ${example.name}`);
  }

  return { check, documentedResponses, responseExamples, checkExample };
}

export type ContractChecker = ReturnType<typeof createContractChecker>;
