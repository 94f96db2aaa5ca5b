import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { generateOpenApiSnapshot, OPENAPI_SNAPSHOT_PATH } from './openapi-snapshot';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Validates with @apidevtools/swagger-parser (against the OpenAPI 3.1 JSON Schema, every $ref
 * resolved). Its ref parser is ESM-only, which jest's CommonJS runtime cannot load,
 * so it runs in a node child (Node 20.19+ requires ESM natively).
 */
function validate(document: unknown): { valid: boolean; message: string } {
  const script =
    "let s='';process.stdin.on('data',(d)=>(s+=d)).on('end',async()=>{try{await require('@apidevtools/swagger-parser').validate(JSON.parse(s));}catch(e){process.stderr.write(String(e.message));process.exit(1);}});";
  const run = spawnSync(process.execPath, ['--no-warnings', '-e', script], { input: JSON.stringify(document), encoding: 'utf8', cwd: __dirname });
  return { valid: run.status === 0, message: run.stderr };
}

/** Which paths and components differ, to say where the contract changed. */
function changedParts(committedText: string, generated: Json): string {
  let committed: Json;
  try {
    committed = JSON.parse(committedText);
  } catch {
    return 'apps/api/openapi.json is missing or not JSON';
  }
  const parts: string[] = [];
  for (const [section, of] of [
    ['paths', (d: Json) => d.paths ?? {}],
    ['components.schemas', (d: Json) => d.components?.schemas ?? {}],
    ['components.responses', (d: Json) => d.components?.responses ?? {}],
  ] as const) {
    const before = of(committed);
    const after = of(generated);
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) parts.push(`${section} ${key}`);
    }
  }
  const rest = Object.keys({ ...committed, ...generated }).filter(
    (key) => !['paths', 'components'].includes(key) && JSON.stringify(committed[key]) !== JSON.stringify(generated[key]),
  );
  parts.push(...rest);
  return parts.length ? parts.slice(0, 20).join(', ') + (parts.length > 20 ? `, and ${parts.length - 20} more` : '') : 'formatting only';
}

const UPDATE = process.env.OPENAPI_UPDATE === '1';
const CHANGED =
  'the API contract changed: run `npm run openapi:update` and commit apps/api/openapi.json in the same change';

describe('the OpenAPI document (generated from the controllers and the zod contracts, no database)', () => {
  let text: string;
  let document: Json;
  const operation = (method: string, path: string): Json => {
    const found = document.paths[`/api/v1/${path}`]?.[method];
    if (!found) throw new Error(`No operation ${method.toUpperCase()} ${path}.`);
    return found;
  };
  const component = (ref: string): Json => document.components.schemas[ref.replace('#/components/schemas/', '')];
  const bodyOf = (op: Json): Json => component(op.requestBody.content['application/json'].schema.$ref);
  const parameter = (op: Json, where: string, name: string): Json | undefined =>
    (op.parameters ?? []).find((p: Json) => p.in === where && p.name === name);

  beforeAll(async () => {
    text = await generateOpenApiSnapshot();
    document = JSON.parse(text);
  });

  it('is a valid OpenAPI 3.1 document (swagger-parser: the 3.1 schema and every $ref)', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(validate(document)).toEqual({ valid: true, message: '' });
    // The validator does refuse broken documents: a parameter in no valid place, a dangling $ref.
    const misplaced = structuredClone(document);
    misplaced.paths['/api/v1/user/inventory/delete/{id}'].delete.parameters[0].in = 'body';
    expect(validate(misplaced).valid).toBe(false);
    const dangling = structuredClone(document);
    dangling.paths['/api/v1/user/inventory/delete/{id}'].delete.responses['200'].content['application/json'].schema.$ref = '#/components/schemas/Nothing';
    expect(validate(dangling)).toMatchObject({ valid: false, message: expect.stringContaining('Nothing') });
  });

  it('takes request bodies from the zod schema the handler validates with', () => {
    const op = operation('post', 'user/inventory/add/simple/item');
    expect(op.requestBody.required).toBe(true);
    const body = bodyOf(op);
    expect(body.type).toBe('object');
    expect(body.required).toEqual(expect.arrayContaining(['itemName']));
    expect(body.properties.itemName).toMatchObject({ type: 'string', minLength: 1 });
    // Every operation with a @Body() documents a non-empty body.
    for (const [path, item] of Object.entries(document.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        if (!op.requestBody) continue;
        const schema = bodyOf(op);
        expect({ at: `${method} ${path}`, properties: Object.keys(schema.properties ?? {}).length > 0 }).toEqual({ at: `${method} ${path}`, properties: true });
      }
    }
  });

  it('bounds every text a client sends: each string in a body, query or path has a maximum length, or a format, pattern or list of values that bounds it (issue 23, rule 3)', () => {
    const unbounded = new Set<string>();
    const walk = (given: Json, where: string, seen: Set<Json>) => {
      const schema = given?.$ref ? component(given.$ref) : given;
      if (!schema || seen.has(schema)) return;
      const inside = new Set(seen).add(schema);
      const types = [schema.type ?? []].flat();
      const bounded = schema.maxLength !== undefined || schema.enum || schema.const !== undefined || schema.pattern || ['uuid', 'date-time'].includes(schema.format);
      if (types.includes('string') && !bounded) unbounded.add(where);
      for (const [name, property] of Object.entries(schema.properties ?? {}) as [string, Json][]) walk(property, `${where}.${name}`, inside);
      if (schema.items) walk(schema.items, `${where}[]`, inside);
      for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(branch, where, inside);
    };
    for (const [path, item] of Object.entries(document.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        const body = op.requestBody?.content?.['application/json']?.schema;
        if (body) walk(body, `${method} ${path} body`, new Set());
        for (const parameter of op.parameters ?? []) walk(parameter.schema, `${method} ${path} ${parameter.in} ${parameter.name}`, new Set());
      }
    }
    expect([...unbounded]).toEqual([]);
  });

  it('lists query parameters from the query schema', () => {
    const op = operation('get', 'user/inventory/list');
    for (const name of ['search', 'page', 'limit']) expect(parameter(op, 'query', name)).toMatchObject({ required: false });
    expect(parameter(op, 'query', 'search')!.schema.type).toBe('string');
    expect(parameter(op, 'query', 'limit')!.schema).toMatchObject({ type: 'integer', maximum: 200 });
    expect(parameter(operation('get', 'verify-username'), 'query', 'username')).toMatchObject({ required: true });
  });

  it('declares a required uuid path parameter for every {id}', () => {
    expect(parameter(operation('delete', 'user/inventory/delete/{id}'), 'path', 'id')).toMatchObject({
      required: true,
      schema: { type: 'string', format: 'uuid' },
    });
    for (const [path, item] of Object.entries(document.paths as Json)) {
      for (const op of Object.values(item as Json)) {
        for (const name of path.match(/(?<=\{)[^}]+(?=\})/g) ?? []) expect(parameter(op, 'path', name)).toMatchObject({ required: true });
      }
    }
  });

  it('answers with the contract schemas: JSON, JSON text as JSON, a stream as text/event-stream', () => {
    const list = operation('get', 'user/inventory/list').responses['200'].content['application/json'].schema;
    expect(list).toEqual({ $ref: '#/components/schemas/ItemListResponse' });
    expect(component(list.$ref).properties.items.items).toEqual({ $ref: '#/components/schemas/Item' });
    expect(operation('post', 'user/inventory/add/simple/item').responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ItemResponse',
    });
    expect(operation('post', 'user/login').responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/UserDetailsResponse',
    });
    expect(Object.keys(operation('get', 'user/sse').responses['200'].content)).toEqual(['text/event-stream']);
    expect(Object.keys(operation('get', 'health').responses).sort()).toEqual(['200', '503']);
  });

  it('gives the error responses each access rule and input can give, with the error envelope', () => {
    const statuses = (method: string, path: string) => Object.keys(operation(method, path).responses).filter((s) => Number(s) >= 400);
    expect(statuses('delete', 'user/inventory/delete/{id}')).toEqual(['400', '401', '403', '404', '429']);
    expect(statuses('get', 'user/category/list')).toEqual(['401', '403', '429']);
    expect(statuses('post', 'user/category/add')).toEqual(['400', '401', '403', '404', '409', '429']);
    expect(statuses('get', 'user/details')).toEqual(['401', '429']);
    expect(statuses('post', 'user/register')).toEqual(['400', '409', '429']);
    expect(statuses('get', 'health')).toEqual(['503']);
    expect(operation('get', 'user/details').security).toEqual([{ session: [] }]);
    expect(operation('post', 'user/register').security).toEqual([]);
    expect(document.components.responses.NotFound.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
    expect(component('ErrorEnvelope').required).toEqual(['message']);
  });

  it('is the same each time it is generated', async () => {
    expect(await generateOpenApiSnapshot()).toBe(text);
  });

  it('matches the committed apps/api/openapi.json', () => {
    if (UPDATE) {
      writeFileSync(OPENAPI_SNAPSHOT_PATH, text);
      return;
    }
    let committed = '';
    try {
      committed = readFileSync(OPENAPI_SNAPSHOT_PATH, 'utf8');
    } catch {
      // missing: reported below
    }
    if (committed !== text) throw new Error(`${CHANGED}. Changed: ${changedParts(committed, document)}.`);
  });
});
