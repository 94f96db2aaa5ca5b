import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@stockbook/contracts';

/**
 * Requests derived from the API's OpenAPI document: its operations, valid values for any of
 * its schemas, the id-like inputs of an operation, and malformed variants of a valid request.
 * The fuzz and tenant-sweep suites read the document the running API serves, so an endpoint
 * added later is covered the day it lands.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

interface ParameterObject {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OperationObject {
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface Operation {
  /** "POST /api/v1/user/location", as the suites name operations. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: ParameterObject[];
  queryParams: ParameterObject[];
  body?: JsonSchema;
  /** Whether the operation needs the session cookie. */
  secured: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = op.parameters ?? [];
      for (const parameter of parameters) {
        // An optional header (Idempotency-Key) is left out: the calls are made without it.
        if (parameter.in === 'header' && !parameter.required) continue;
        if (parameter.in !== 'path' && parameter.in !== 'query') throw new Error(`${method} ${path}: parameters in ${parameter.in} are not generated yet`);
      }
      const content = op.requestBody?.content;
      if (content && !content['application/json']) throw new Error(`${method} ${path}: only JSON bodies are generated, not ${Object.keys(content).join(', ')}`);
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: content?.['application/json']?.schema,
        secured: (op.security ?? []).some((requirement) => Object.keys(requirement).length > 0),
      });
    }
  }
  return operations;
}

export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let at = schema;
  for (let depth = 0; at.$ref; depth++) {
    if (depth > 20) throw new Error(`$ref loop at ${schema.$ref}`);
    const name = at.$ref.replace('#/components/schemas/', '');
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`unknown $ref ${at.$ref}`);
    at = target;
  }
  return at;
}

const typesOf = (schema: JsonSchema): string[] | undefined => (schema.type === undefined ? undefined : ([] as string[]).concat(schema.type));
const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether a value conforms to a schema of the document (the JSON Schema keywords the document
 * uses). In `query` mode a number or integer may arrive as text, as the API coerces query values.
 */
export function conforms(doc: OpenApiDocument, schema: JsonSchema, value: unknown, mode: 'json' | 'query' = 'json'): boolean {
  const s = resolve(doc, schema);
  if (s.anyOf && !s.anyOf.some((branch) => conforms(doc, branch, value, mode))) return false;
  if (s.oneOf && s.oneOf.filter((branch) => conforms(doc, branch, value, mode)).length !== 1) return false;
  if ('const' in s && !deepEqual(s.const, value)) return false;
  if (s.enum && !s.enum.some((option) => deepEqual(option, value))) return false;
  const types = typesOf(s);
  let number: number | undefined = typeof value === 'number' ? value : undefined;
  if (types) {
    const matches = types.some((type) => {
      switch (type) {
        case 'string':
          return typeof value === 'string';
        case 'number':
        case 'integer': {
          let n = typeof value === 'number' ? value : undefined;
          if (mode === 'query' && typeof value === 'string') n = Number(value);
          if (n === undefined || !Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n))) return false;
          number = n;
          return true;
        }
        case 'boolean':
          return typeof value === 'boolean';
        case 'null':
          return value === null;
        case 'array':
          return Array.isArray(value);
        case 'object':
          return isPlainObject(value);
        default:
          throw new Error(`unknown JSON Schema type ${type}`);
      }
    });
    if (!matches) return false;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (s.minLength !== undefined && length < s.minLength) return false;
    if (s.maxLength !== undefined && length > s.maxLength) return false;
    if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(value)) return false;
  }
  if (number !== undefined) {
    if (s.minimum !== undefined && number < s.minimum) return false;
    if (s.maximum !== undefined && number > s.maximum) return false;
    if (s.exclusiveMinimum !== undefined && number <= s.exclusiveMinimum) return false;
    if (s.exclusiveMaximum !== undefined && number >= s.exclusiveMaximum) return false;
  }
  if (Array.isArray(value)) {
    if (s.minItems !== undefined && value.length < s.minItems) return false;
    if (s.maxItems !== undefined && value.length > s.maxItems) return false;
    if (s.items && !value.every((item) => conforms(doc, s.items!, item, mode))) return false;
  }
  if (isPlainObject(value) && (s.properties || s.required || s.additionalProperties !== undefined)) {
    for (const key of s.required ?? []) if (!(key in value)) return false;
    for (const [key, child] of Object.entries(value)) {
      const property = s.properties?.[key];
      if (property) {
        if (!conforms(doc, property, child, mode)) return false;
      } else if (s.additionalProperties === false) return false;
      else if (typeof s.additionalProperties === 'object' && !conforms(doc, s.additionalProperties, child, mode)) return false;
    }
  }
  return true;
}

/**
 * The API's input rules the JSON Schema cannot state (they sit in zod refinements and the global
 * pipe), as documented in the contracts: no NUL character in any text; decimal amounts (a
 * `string | number` field: prices, costs, quantities) are non-negative decimals of at most four
 * places and at most MAX_AMOUNT; date-times fall in the years 1900 to 2100; an id-list query
 * (IdListQueryInput) holds uuids only.
 */
export function breaksProductRule(doc: OpenApiDocument, schema: JsonSchema, value: unknown): boolean {
  if (typeof value === 'string' && value.includes('\u0000')) return true;
  if (schema.$ref === '#/components/schemas/IdListQueryInput' && value !== undefined) {
    return [value]
      .flat()
      .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
      .filter((item) => item !== '')
      .some((item) => typeof item !== 'string' || !UUID.test(item));
  }
  const s = resolve(doc, schema);
  if (s.anyOf) {
    const branches = s.anyOf.filter((branch) => conforms(doc, branch, value));
    return branches.length > 0 && branches.every((branch) => breaksProductRule(doc, branch, value));
  }
  if (isDecimal(doc, s) && (typeof value === 'string' || typeof value === 'number')) {
    const text = String(value).trim();
    return !/^\d{1,12}(\.\d{1,4})?$/.test(text) || Number(text) > 1_000_000_000;
  }
  if (s.format === 'date-time' && typeof value === 'string') {
    const year = Number(/^(\d{4})-/.exec(value)?.[1]);
    return !(year >= 1900 && year <= 2100);
  }
  if (Array.isArray(value) && s.items) return value.some((item) => breaksProductRule(doc, s.items!, item));
  if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return true;
      const property = s.properties?.[key];
      if (property ? breaksProductRule(doc, property, child) : JSON.stringify(child)?.includes('\\u0000')) return true;
    }
  }
  return false;
}

/** A decimal amount as the contracts write it: `string | number` (maybe nullable). */
export function isDecimal(doc: OpenApiDocument, schema: JsonSchema): boolean {
  const types = typesOf(resolve(doc, schema));
  return !!types && types.includes('string') && types.includes('number');
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------------------------------------
// Id-like inputs and their kinds

/** What an id names; the suites seed one of each kind per business. */
export type IdKind =
  | 'item'
  | 'variantParent'
  | 'variant'
  | 'batch'
  | 'location'
  | 'category'
  | 'parentCategory' | 'attribute' | 'attributeValue' | 'supplier' | 'user' | 'message' | (string & {});

/** Field names (the last step of a field's path) and the kind of id they hold. */
const KIND_OF_FIELD: Record<string, IdKind> = {
  userId: 'user',
  to: 'user',
  itemID: 'item',
  parentID: 'variantParent',
  locationID: 'location',
  // A transfer goes from the seeded location (its batches) to the business's first one.
  sourceLocationID: 'location',
  destinationLocationID: 'mainLocation',
  location: 'location',
  locations: 'location',
  supplierID: 'supplier',
  supplier: 'supplier',
  category: 'category',
  categories: 'category',
  parentCategory: 'parentCategory',
  attributes: 'attributeValue',
  ids: 'message',
  invitationId: 'invitation',
};

/** `_id` in a body and `{id}` in a path: the kind by the operation's path, first match wins. */
const KIND_OF_PATH: [RegExp, IdKind][] = [
  [/\/customer\/\{id\}\/statement$/, 'customer'],
  [/\/attribute\/update\/value$/, 'attributeValue'],
  [/\/attribute\//, 'attribute'],
  [/\/category\//, 'category'],
  [/\/supplier\//, 'supplier'],
  [/\/location\b/, 'location'],
  [/\/tax-rate\b/, 'taxRate'],
  [/\/inventory\/(batch|update\/batch)\b/, 'batch'],
  [/\/inventory\/variant\/parent$/, 'variantParent'],
  [/\/inventory\/variant$/, 'variant'],
  [/\/inventory\//, 'item'],
  [/\/message\b/, 'message'],
  [/\/admin\//, 'user'],
];

const isUuidSchema = (doc: OpenApiDocument, schema: JsonSchema): boolean => {
  const s = resolve(doc, schema);
  if (s.format === 'uuid') return true;
  if (s.anyOf) return s.anyOf.some((branch) => isUuidSchema(doc, branch));
  return false;
};

/**
 * Whether a field holds ids, and of what kind: a field named `_id` or `id` or ending in `ID`/`Id`,
 * a uuid (or list of uuids), or an id-list query (IdListQueryInput). Undefined when it is not
 * id-like. A new id-like name with no entry above is guessed from its name (`customerID` ->
 * `customer`), so a suite fails loudly until it seeds that kind.
 */
export function idKindOf(doc: OpenApiDocument, op: Operation, fieldPath: readonly (string | number)[], schema: JsonSchema): IdKind | undefined {
  const name = [...fieldPath].reverse().find((step): step is string => typeof step === 'string') ?? '';
  const s = resolve(doc, schema);
  const listOfUuids = typesOf(s)?.includes('array') && s.items !== undefined && isUuidSchema(doc, s.items);
  const idLike =
    name === '_id' ||
    name === 'id' ||
    /(ID|Id)$/.test(name) ||
    isUuidSchema(doc, schema) ||
    listOfUuids ||
    schema.$ref === '#/components/schemas/IdListQueryInput';
  if (!idLike) return undefined;
  if (name === '_id' || name === 'id') {
    const found = KIND_OF_PATH.find(([pattern]) => pattern.test(op.path));
    if (!found) return `${op.path.split('/').filter((part) => part && !part.startsWith('{')).pop()}`;
    return found[1];
  }
  return KIND_OF_FIELD[name] ?? name.replace(/(IDs|Ids|ID|Id|s)$/, '');
}

// ---------------------------------------------------------------------------------------------
// Valid values

export interface ValueContext {
  /** The id to put in an id-like field of this kind, or undefined for a fresh random uuid. */
  idFor(kind: IdKind, fieldPath: readonly (string | number)[]): string | undefined;
  /** Whether to fill this optional property (required ones are always filled). */
  includeOptional?(fieldPath: readonly (string | number)[], schema: JsonSchema): boolean;
  /** A short unique text, for names that must not clash. */
  unique(): string;
}

export const VALID_PASSWORD = 'correct horse battery';
const VALID_DATE_TIME = '2026-01-02T03:04:05Z';

function candidateTexts(name: string, s: JsonSchema, context: ValueContext): string[] {
  const u = context.unique();
  const min = Math.max(s.minLength ?? 0, 1);
  const candidates: string[] = [];
  if (/email/i.test(name)) candidates.push(`sweep.${u}@example.com`);
  if (/password/i.test(name)) candidates.push(VALID_PASSWORD);
  if (/username/i.test(name)) candidates.push(`user_${u}`);
  if (/token/i.test(name)) candidates.push(`${u}${'A'.repeat(64)}`.slice(0, Math.max(min, 43)));
  candidates.push(`${name || 'Text'} ${u}`, `${name || 'text'}_${u}`, `${u}`, 'a'.repeat(min));
  return candidates.map((text) => (text.length < min ? text.padEnd(min, 'x') : text)).map((text) => (s.maxLength !== undefined ? text.slice(0, s.maxLength) : text));
}

/** A value the schema accepts (and the product rules too), with ids from the context. */
export function validValue(doc: OpenApiDocument, op: Operation, schema: JsonSchema, context: ValueContext, fieldPath: (string | number)[] = []): unknown {
  const kind = idKindOf(doc, op, fieldPath, schema);
  const s = resolve(doc, schema);
  const name = [...fieldPath].reverse().find((step): step is string => typeof step === 'string') ?? '';
  if (kind && (isUuidSchema(doc, schema) || schema.$ref === '#/components/schemas/IdListQueryInput' || typesOf(s)?.includes('string'))) {
    return context.idFor(kind, fieldPath) ?? randomUUID();
  }
  if ('const' in s) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) {
    // A decimal taken as text or a number (money, quantities, rates): a valid one either way.
    const branchTypes = s.anyOf.flatMap((branch) => typesOf(resolve(doc, branch)) ?? []);
    if (branchTypes.includes('string') && branchTypes.includes('number')) return '2.5';
    // Prefer a branch that is not null, and an id branch for an id field.
    const branches = [...s.anyOf].sort((a, b) => Number(resolve(doc, a).type === 'null') - Number(resolve(doc, b).type === 'null'));
    const chosen = (kind && branches.find((branch) => isUuidSchema(doc, branch))) || branches[0]!;
    return validValue(doc, op, chosen, context, fieldPath);
  }
  const types = typesOf(s) ?? ['object'];
  if (types.includes('string') && types.includes('number')) return '2.5';
  if (types.includes('object') && (s.properties || s.additionalProperties === false)) {
    const value: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(s.properties ?? {})) {
      const path = [...fieldPath, key];
      const required = (s.required ?? []).includes(key);
      if (required || context.includeOptional?.(path, property)) value[key] = validValue(doc, op, property, context, path);
    }
    return value;
  }
  if (types.includes('array')) {
    const wanted = s.items && (kind || (s.minItems ?? 0) > 0 || context.includeOptional?.([...fieldPath, 0], s.items));
    const count = Math.max(s.minItems ?? 0, wanted ? 1 : 0);
    return Array.from({ length: count }, (_, index) => validValue(doc, op, s.items ?? {}, context, [...fieldPath, index]));
  }
  if (types.includes('string')) {
    if (s.format === 'date-time') return VALID_DATE_TIME;
    if (s.format === 'uuid') return randomUUID();
    const text = candidateTexts(name, s, context).find((candidate) => conforms(doc, s, candidate));
    if (text === undefined) throw new Error(`${op.key}: cannot make a valid text for ${fieldPath.join('.')} (${JSON.stringify(s)}): teach openapi-cases.ts`);
    return text;
  }
  if (types.includes('integer') || types.includes('number')) {
    const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? Math.floor(s.exclusiveMinimum) + 1 : 1);
    return Math.max(low, Math.min(2, s.maximum ?? 2));
  }
  if (types.includes('boolean')) return true;
  if (types.includes('null')) return null;
  if (types.includes('object')) return {};
  throw new Error(`${op.key}: cannot make a valid value for ${fieldPath.join('.')} (${JSON.stringify(s)})`);
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface ApiRequest {
  method: Operation['method'];
  /** The path with its parameters filled. */
  path: string;
  /** The value of each path parameter, as filled in. */
  pathValues: Record<string, string>;
  query: Record<string, string | string[]>;
  /** undefined: no body at all. */
  body?: unknown;
}

export function urlOf(request: ApiRequest): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query)) for (const item of [value].flat()) search.append(key, item);
  const text = search.toString();
  return text ? `${request.path}?${text}` : request.path;
}

/** A request as one line for a failure message (long ones cut). */
export function describeRequest(request: ApiRequest): string {
  const body = request.body === undefined ? '' : ` ${JSON.stringify(request.body)}`;
  const shown = `${request.method} ${urlOf(request)}${body}`;
  return shown.length > 600 ? `${shown.slice(0, 600)}... (${shown.length} characters)` : shown;
}

/** A valid request for an operation: every path parameter, required query and the body filled. */
export function validRequest(doc: OpenApiDocument, op: Operation, context: ValueContext): ApiRequest {
  let path = op.path;
  const pathValues: Record<string, string> = {};
  for (const parameter of op.pathParams) {
    pathValues[parameter.name] = String(validValue(doc, op, parameter.schema, context, [parameter.name]));
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(pathValues[parameter.name]!));
  }
  const query: Record<string, string | string[]> = {};
  for (const parameter of op.queryParams) {
    if (!parameter.required && !context.includeOptional?.([parameter.name], parameter.schema)) continue;
    const value = validValue(doc, op, parameter.schema, context, [parameter.name]);
    query[parameter.name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return { method: op.method, path, pathValues, query, body: op.body ? validValue(doc, op, op.body, context) : undefined };
}

/** Whether the request breaks the document's schemas or a product rule, so the API must refuse it. */
export function mustBeRefused(doc: OpenApiDocument, op: Operation, request: ApiRequest): boolean {
  const { pathValues } = request;
  for (const parameter of op.pathParams) {
    const value = pathValues[parameter.name];
    if (value === undefined || !conforms(doc, parameter.schema, value, 'query') || breaksProductRule(doc, parameter.schema, value)) return true;
  }
  const known = new Map(op.queryParams.map((parameter) => [parameter.name, parameter]));
  for (const parameter of op.queryParams) {
    const value = request.query[parameter.name];
    if (value === undefined) {
      if (parameter.required) return true;
      continue;
    }
    if (!conforms(doc, parameter.schema, value, 'query') || breaksProductRule(doc, parameter.schema, value)) return true;
  }
  // An operation with query parameters takes no others (the API's query schemas are strict).
  if (op.queryParams.length > 0 && Object.keys(request.query).some((key) => !known.has(key))) return true;
  if (op.body) {
    if (request.body === undefined) return true;
    if (!conforms(doc, op.body, request.body) || breaksProductRule(doc, op.body, request.body)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Malformed variants

export type Expectation = 'refused' | 'notFound' | 'probe';

export interface MalformedCase {
  /** What was changed from the valid request, e.g. "body.price = 1e308". */
  label: string;
  category: string;
  request: ApiRequest;
  /**
   * refused: breaks the document or a product rule, so 4xx; notFound: a well-formed id that
   * names nothing, so 4xx; probe: odd but allowed by the document, so anything but a 5xx.
   */
  expect: Expectation;
}

const HUGE = 'x'.repeat(100_000);
const WRONG_TYPES: [string, unknown][] = [
  ['a string', 'text'],
  ['a number', 7],
  ['a boolean', true],
  ['an object', { nested: 1 }],
  ['an array', [1]],
  ['null', null],
];
const NUMBER_TRIALS: [string, unknown][] = [
  ['1e308', 1e308],
  ['-1', -1],
  ['1e15', 1e15],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['"1e308"', '1e308'],
  ['many decimals', '1.123456789'],
  ['"12abc"', '12abc'],
  ['1.5 (not whole)', 1.5],
];
const DATE_TRIALS: [string, unknown][] = [
  ['year 0', '0000-01-01T00:00:00Z'],
  ['year 99999', '99999-01-01'],
  ['month 13', '2026-13-01T00:00:00Z'],
  ['no zone', '2026-01-01T00:00:00'],
];
const QUERY_TRIALS: [string, string | string[]][] = [
  ['empty', ''],
  ['"abc"', 'abc'],
  ['"-1"', '-1'],
  ['"1.5"', '1.5'],
  ['"1e308"', '1e308'],
  ['"NaN"', 'NaN'],
  ['NUL', 'a\u0000b'],
  ['100k characters', HUGE],
  ['not a uuid', 'not-a-uuid'],
  ['repeated', ['1', '2']],
];

/** Sets (or with `undefined`, removes) a value at a path inside a copy of `root`. */
function withValue(root: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
const copy = (Array.isArray(root) ? [...root] : { ...(root as Record<string, unknown>) }) as Record<string | number, unknown>;
  if (rest.length === 0 && value === undefined) delete copy[head!];
  else copy[head!] = withValue(copy[head!] ?? (typeof rest[0] === 'number' ? [] : {}), rest, value);
  return copy;
}

export interface Field {
  path: (string | number)[];
  schema: JsonSchema;
  required: boolean;
}

/** Every field of a body schema to depth 4 (array items as their first element). */
export function fieldsOf(doc: OpenApiDocument, schema: JsonSchema, path: (string | number)[] = [], depth = 0): Field[] {
  const s = resolve(doc, schema);
  if (depth > 4) return [];
  const fields: Field[] = [];
  for (const [key, property] of Object.entries(s.properties ?? {})) {
    const at = [...path, key];
    fields.push({ path: at, schema: property, required: (s.required ?? []).includes(key) });
    const p = resolve(doc, property);
    if (p.properties) fields.push(...fieldsOf(doc, property, at, depth + 1));
    if (p.items && resolve(doc, p.items).properties) fields.push(...fieldsOf(doc, p.items, [...at, 0], depth + 1));
  }
  return fields;
}

const acceptsType = (doc: OpenApiDocument, schema: JsonSchema, type: string): boolean => {
  const s = resolve(doc, schema);
  if (s.anyOf) return s.anyOf.some((branch) => acceptsType(doc, branch, type));
  return (typesOf(s) ?? []).includes(type);
};

/** A small seeded generator (mulberry32): the same cases on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/**
 * Malformed variants of a valid request for an operation: each changes one thing (a missing
 * required field, an unknown field, a wrong type, a NUL, a huge text, an out-of-range number or
 * date, a bad or unknown id, a bad query value). Each is classified against the document and
 * the product rules; at most `limit` are kept, drawn evenly across categories with a seed.
 */
export function malformedCases(doc: OpenApiDocument, op: Operation, valid: ApiRequest, limit: number): MalformedCase[] {
  const { pathValues } = valid;
  // kind: what a candidate the document and the rules allow is (dropped unless a probe).
  const candidates: { label: string; category: string; request: ApiRequest; kind?: 'unknownId' | 'probe' }[] = [];
  const add = (category: string, label: string, change: Partial<ApiRequest>, values = pathValues, kind?: 'unknownId' | 'probe') =>
    candidates.push({ category, label, request: { ...valid, ...change, pathValues: values }, kind });

  // Path parameters.
  for (const parameter of op.pathParams) {
    const trials: [string, string, boolean][] = [
      ['not a uuid', 'not-a-uuid', false],
      ['NUL', 'a\u0000b', false],
      ['a number', '12345', false],
      ['an unknown uuid', randomUUID(), true],
      ['the nil uuid', '00000000-0000-0000-0000-000000000000', true],
    ];
    const encoded = encodeURIComponent(pathValues[parameter.name]!);
    for (const [label, value, unknown] of trials) {
      const path = valid.path.replace(encoded, encodeURIComponent(value));
      add('path', `path ${parameter.name} = ${label}`, { path }, { ...pathValues, [parameter.name]: value }, unknown ? 'unknownId' : undefined);
    }
    // Refused by the router itself, before any hook: over its 100-character limit, or not
    // decodable.
    add('path-router', `path ${parameter.name} = 1000 characters`, { path: valid.path.replace(encoded, 'x'.repeat(1000)) }, { ...pathValues, [parameter.name]: 'x'.repeat(1000) });
    add('path-router', `path ${parameter.name} = bad percent-encoding`, { path: valid.path.replace(encoded, '%E0%A4%A') }, { ...pathValues, [parameter.name]: '%E0%A4%A' });
  }

  // Query parameters.
  for (const parameter of op.queryParams) {
    if (parameter.required) add('query-missing', `query ${parameter.name} missing`, { query: withValue(valid.query, [parameter.name], undefined) as ApiRequest['query'] });
    for (const [label, value] of QUERY_TRIALS) {
      add('query-value', `query ${parameter.name} = ${label}`, { query: { ...valid.query, [parameter.name]: value } });
    }
    // The documented bounds themselves are allowed: anything but a 5xx.
    const q = resolve(doc, parameter.schema);
    for (const bound of [q.minimum, q.maximum]) {
      if (bound !== undefined) add('bound', `query ${parameter.name} = ${bound} (a documented bound)`, { query: { ...valid.query, [parameter.name]: String(bound) } }, pathValues, 'probe');
    }
    if (idKindOf(doc, op, [parameter.name], parameter.schema)) {
      // A filter naming no record may match nothing (a read) or be refused.
      const kind = op.method === 'GET' ? 'probe' : 'unknownId';
      add('query-unknown-id', `query ${parameter.name} = an unknown uuid`, { query: { ...valid.query, [parameter.name]: randomUUID() } }, pathValues, kind);
    }
  }
  // An operation with no query parameters ignores unknown ones: tried on reads only, where
  // ignoring them changes nothing (a write would go through with the valid request).
  if (op.queryParams.length > 0 || op.method === 'GET') {
    add('query-unknown', 'an unknown query parameter', { query: { ...valid.query, unknownParameter: '1' } }, pathValues, 'probe');
    add('query-unknown', 'an unknown query parameter holding NUL', { query: { ...valid.query, unknownParameter: 'a\u0000b' } }, pathValues, 'probe');
  }

  // The body.
  if (op.body) {
    add('body-shape', 'no body', { body: undefined });
    add('body-shape', 'body null', { body: null });
    add('body-shape', 'body an array', { body: [valid.body] });
    add('body-shape', 'body a string', { body: 'text' });
    add('body-unknown', 'an unknown field', { body: withValue(valid.body, ['unknownField'], 1) });
    add('body-unknown', 'an unknown field named with NUL', { body: withValue(valid.body, ['a\u0000b'], 1) });
    for (const field of fieldsOf(doc, op.body)) {
      const where = `body.${field.path.join('.')}`;
      const set = (category: string, label: string, value: unknown, kind?: 'unknownId' | 'probe') =>
        add(category, `${where} = ${label}`, { body: withValue(valid.body, field.path, value) }, pathValues, kind);
      if (field.required) add('body-missing', `${where} missing`, { body: withValue(valid.body, field.path, undefined) });
      for (const [label, value] of WRONG_TYPES) set('wrong-type', label, value);
      if (acceptsType(doc, field.schema, 'string')) {
        set('nul', 'NUL', 'a\u0000b');
        set('huge', '100k characters', HUGE, 'probe');
      }
      const s = resolve(doc, field.schema);
      if (isDecimal(doc, field.schema) || acceptsType(doc, field.schema, 'number') || acceptsType(doc, field.schema, 'integer')) {
        for (const [label, value] of NUMBER_TRIALS) set('number', label, value);
      }
      if (s.format === 'date-time') for (const [label, value] of DATE_TRIALS) set('date', label, value);
      // The documented (or, for amounts, the contracts') bounds themselves: anything but a 5xx.
      for (const bound of [s.minimum, s.maximum]) if (bound !== undefined) set('bound', `${bound} (a documented bound)`, bound, 'probe');
      if (isDecimal(doc, field.schema)) for (const bound of ['1000000000', '999999999.999', '0']) set('bound', `"${bound}" (an amount's bound)`, bound, 'probe');
      const kind = idKindOf(doc, op, field.path, field.schema);
      if (kind) {
        const list = acceptsType(doc, field.schema, 'array');
        set('id', 'not a uuid', list ? ['not-a-uuid'] : 'not-a-uuid');
        set('unknown-id', 'an unknown uuid', list ? [randomUUID()] : randomUUID(), 'unknownId');
      }
      if (acceptsType(doc, field.schema, 'array')) {
        set('array', '600 elements', Array.from({ length: 600 }, () => (s.items && isUuidSchema(doc, s.items) ? randomUUID() : 'x')));
      }
    }
  }

  // Classify, then keep at most `limit`, evenly across categories, in a seeded order.
  const classified = candidates.flatMap((candidate): MalformedCase[] => {
    const refused = mustBeRefused(doc, op, candidate.request);
    // A change the document allows (a string where a string goes) is no malformed request.
    if (!refused && !candidate.kind) return [];
    const expect: Expectation = refused ? 'refused' : candidate.kind === 'unknownId' ? 'notFound' : 'probe';
    return [{ label: candidate.label, category: candidate.category, request: candidate.request, expect }];
  });
  const random = seededRandom(hashOf(op.key));
  const groups = new Map<string, MalformedCase[]>();
  for (const item of classified) {
    const group = groups.get(item.category) ?? [];
    group.push(item);
    groups.set(item.category, group);
  }
  for (const group of groups.values()) {
    for (let i = group.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [group[i], group[j]] = [group[j]!, group[i]!];
    }
  }
  const chosen: MalformedCase[] = [];
  const queues = [...groups.values()];
  while (chosen.length < limit && queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) if (queue.length > 0 && chosen.length < limit) chosen.push(queue.shift()!);
  }
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// Answers

export const ERROR_CODE_SET = new Set<string>(ERROR_CODES);

/** Why an answer is not the API's JSON error envelope `{ message, code, ... }`, or undefined. */
export function envelopeProblem(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `not JSON: ${body.slice(0, 200)}`;
  }
  if (!isPlainObject(parsed)) return `not an object: ${body.slice(0, 200)}`;
  if (typeof parsed.message !== 'string' || parsed.message === '') return `no message: ${body.slice(0, 200)}`;
  if (typeof parsed.code !== 'string' || !ERROR_CODE_SET.has(parsed.code)) return `no known code: ${body.slice(0, 200)}`;
  return undefined;
}
