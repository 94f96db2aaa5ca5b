import { IDEMPOTENCY_KEY_DESCRIPTION, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_METADATA } from '../http/idempotency-key';
import { RequestMethod, type INestApplication } from '@nestjs/common';
import { HEADERS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import * as contracts from '@stockbook/contracts';
import { z } from 'zod';
import { ACCESS_METADATA, type Access } from '../../auth/auth-context';
import { ADDRESS_LIMIT_METADATA } from '../../rate-limits/limit-per-address';
import type { ZodDtoClass } from '../validation/zod-validation.pipe';
import { respondsOf, type ErrorStatus, type RespondsEntry } from './responds';

/**
 * The API's OpenAPI 3.1 document. Nest's scanner gives the paths, methods and tags; everything
 * a client relies on comes from the zod contracts: path and query parameters and JSON bodies
 * from the DTO a handler validates with (`createZodDto(schema)`, read from Nest's route-argument
 * metadata and `design:paramtypes`), success responses from its `@Responds(schema)`, error
 * responses from its access rule and inputs. Schemas are converted by zod's own
 * `z.toJSONSchema` (`io: 'input'` for requests, `'output'` for responses); every schema the
 * contracts export is a named component (`FooSchema` -> `Foo`), its request form `FooInput`
 * where it differs from what the API answers.
 */

type Json = Record<string, unknown>;
type JsonSchema = Json;
type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
type ControllerClass = { name: string; prototype: object };

const SCHEMA_REF = '#/components/schemas/';
const CONVERSION = { unrepresentable: 'any', cycles: 'ref', reused: 'inline' } as const;

/** The error responses, one shared component each, all with the error envelope. */
const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string; retryAfter?: true }> = {
  400: { name: 'ValidationFailed', description: 'The input is not valid (`fieldErrors` names each field), or the request cannot be done as asked.' },
  401: { name: 'Unauthenticated', description: 'Not signed in, or the session has ended.' },
  403: { name: 'Forbidden', description: 'The caller may not do this (permission, location, or a write from another site).' },
  404: { name: 'NotFound', description: 'No such record in the caller’s business.' },
  409: { name: 'Conflict', description: 'Refused by the current data: a name already taken, a record still in use, stock already sold.' },
  429: { name: 'TooManyRequests', description: 'Too many requests; try again after `Retry-After` seconds.', retryAfter: true },
  503: { name: 'ServiceUnavailable', description: 'A service the API needs cannot be reached.' },
};

const SESSION_SCHEME = 'session';
const UNSAFE_METHODS = new Set<HttpMethod>(['post', 'put', 'patch', 'delete']);

function isZodDto(value: unknown): value is ZodDtoClass {
  return typeof value === 'function' && 'schema' in value && (value as ZodDtoClass).schema instanceof z.ZodType;
}

interface Input {
  readonly kind: 'body' | 'query' | 'path';
  readonly dto: ZodDtoClass;
}

interface Handler {
  readonly controller: ControllerClass;
  readonly name: string;
  readonly method: HttpMethod;
  readonly access: Access | undefined;
  readonly addressLimited: boolean;
  /** Takes an Idempotency-Key header (@Idempotent()). */
  readonly idempotent: boolean;
  readonly inputs: readonly Input[];
  readonly responds: readonly RespondsEntry[];
  readonly httpCode: number | undefined;
  readonly contentType: string | undefined;
}

const HTTP_METHODS: Partial<Record<RequestMethod, HttpMethod>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.DELETE]: 'delete',
};

const INPUT_KINDS: Partial<Record<number, Input['kind']>> = {
  [RouteParamtypes.BODY]: 'body',
  [RouteParamtypes.QUERY]: 'query',
  [RouteParamtypes.PARAM]: 'path',
};

/** The zod DTOs a handler's @Body(), @Query() and @Param() arguments are validated with. */
function inputsOf(controller: ControllerClass, name: string): Input[] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number; data?: unknown }>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? []) as unknown[];
  const inputs: Input[] = [];
  for (const [key, arg] of Object.entries(args)) {
    const kind = INPUT_KINDS[Number(key.split(':')[0])];
    if (!kind) continue;
    const type = types[arg.index];
    if (arg.data !== undefined || !isZodDto(type)) {
      throw new Error(`${controller.name}.${name}: every @Body(), @Query() and @Param() takes a whole zod DTO (createZodDto) for the OpenAPI document.`);
    }
    inputs.push({ kind, dto: type });
  }
  return inputs.sort((a, b) => a.kind.localeCompare(b.kind));
}

function handlersOf(app: INestApplication): Map<string, Handler> {
  const handlers = new Map<string, Handler>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as ControllerClass | null;
      if (!controller) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const fn = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof fn !== 'function') continue;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
        if (requestMethod === undefined) continue;
        const method = HTTP_METHODS[requestMethod];
        if (!method) throw new Error(`${controller.name}.${name}: no OpenAPI method for request method ${requestMethod}.`);
        const headers = (Reflect.getMetadata(HEADERS_METADATA, fn) ?? []) as { name: string; value: string }[];
        handlers.set(operationId(controller.name, name), {
          controller,
          name,
          method,
          access: (Reflect.getMetadata(ACCESS_METADATA, fn) ?? Reflect.getMetadata(ACCESS_METADATA, controller)) as Access | undefined,
          addressLimited: Reflect.getMetadata(ADDRESS_LIMIT_METADATA, fn) !== undefined,
          idempotent: Reflect.getMetadata(IDEMPOTENT_METADATA, fn) === true,
          inputs: inputsOf(controller, name),
          responds: respondsOf(fn),
          httpCode: Reflect.getMetadata(HTTP_CODE_METADATA, fn) as number | undefined,
          contentType: headers.find((header) => header.name.toLowerCase() === 'content-type')?.value,
        });
      }
    }
  }
  return handlers;
}

const operationId = (controllerKey: string, methodKey: string) => `${controllerKey}_${methodKey}`;

/** Every schema the contracts export, named after its export (`ItemSchema` -> `Item`). */
function contractSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [exportName, value] of Object.entries(contracts).sort(([a], [b]) => a.localeCompare(b))) {
    if (value instanceof z.ZodType && exportName.endsWith('Schema') && !names.has(value)) names.set(value, exportName.slice(0, -'Schema'.length));
  }
  return names;
}

function walk(value: unknown, visit: (node: Json) => void): void {
  if (Array.isArray(value)) value.forEach((item) => walk(item, visit));
  else if (value && typeof value === 'object') {
    visit(value as Json);
    Object.values(value).forEach((item) => walk(item, visit));
  }
}

function refName(node: Json): string | undefined {
  return typeof node.$ref === 'string' && node.$ref.startsWith(SCHEMA_REF) ? node.$ref.slice(SCHEMA_REF.length) : undefined;
}

/** Each named schema in the registry as JSON Schema, refs to named schemas as components. */
function convert(registry: z.core.$ZodRegistry<{ id: string }>, io: 'input' | 'output', nameOf: (id: string) => string): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, { ...CONVERSION, io, uri: (id) => `${SCHEMA_REF}${nameOf(id)}` });
  const out: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _schema, $id: _id, ...rest } = schema as Json;
    out[id] = rest;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));

/** Keys sorted at every depth (arrays keep their order): a stable document to commit. */
export function sortKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => sortKeys(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Json)[key])]),
    ) as T;
  }
  return value;
}

class SchemaSet {
  private readonly registry = z.registry<{ id: string }>();
  private readonly ids = new Map<z.ZodType, string>();
  private input: Record<string, JsonSchema> = {};
  private output: Record<string, JsonSchema> = {};
  /** Ids whose request form differs from their response form: the request form is `<id>Input`. */
  private readonly differing = new Set<string>();

  constructor() {
    for (const [schema, id] of contractSchemas()) this.add(schema, id);
  }

  /** Names a schema the contracts do not export (e.g. IdParam's) after what carries it. */
  add(schema: z.ZodType, id: string): string {
    const known = this.ids.get(schema);
    if (known) return known;
    let unique = id;
    for (let n = 2; [...this.ids.values()].includes(unique); n++) unique = `${id}${n}`;
    this.ids.set(schema, unique);
    this.registry.add(schema, { id: unique });
    return unique;
  }

  /** Converts every named schema both ways; a request form is named apart only where it differs. */
  build(): void {
    this.output = convert(this.registry, 'output', (id) => id);
    // Start from "every request form equals its response form" and split apart until stable, so
    // a schema holding a differing one differs too.
    for (;;) {
      this.input = convert(this.registry, 'input', (id) => this.inputName(id));
      const before = this.differing.size;
      // Compared as emitted: a request form referring to a split schema differs from its response form.
      for (const id of Object.keys(this.input)) if (!same(this.input[id], this.output[id])) this.differing.add(id);
      if (this.differing.size === before) return;
    }
  }

  private inputName(id: string): string {
    if (!this.differing.has(id)) return id;
    const taken = new Set(this.ids.values());
    let name = `${id}Input`;
    for (let n = 2; taken.has(name); n++) name = `${id}Input${n}`;
    return name;
  }

  /** A `$ref` to the schema's component in the given direction. */
  ref(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const id = this.ids.get(schema);
    if (!id) throw new Error('Schema not named before build().');
    return { $ref: `${SCHEMA_REF}${io === 'input' ? this.inputName(id) : id}` };
  }

  /** The JSON Schema itself (for parameters, which list an object's properties). */
  resolve(schema: JsonSchema, io: 'input' | 'output'): JsonSchema {
    const name = refName(schema);
    if (!name) return schema;
    const all = this.components(io);
    const found = all[name];
    if (!found) throw new Error(`No component ${name}.`);
    return this.resolve(found, io);
  }

  private components(io: 'input' | 'output'): Record<string, JsonSchema> {
    const all: Record<string, JsonSchema> = {};
    if (io === 'input') for (const [id, schema] of Object.entries(this.input)) all[this.inputName(id)] = schema;
    else Object.assign(all, this.output);
    return all;
  }

  /** The components `document` refers to (transitively), and no others. */
  componentsFor(document: unknown): Record<string, JsonSchema> {
    const all: Record<string, JsonSchema> = { ...this.components('output'), ...this.components('input') };
    const used = new Set<string>();
    const visit = (node: unknown) =>
      walk(node, (object) => {
        const name = refName(object);
        if (name && !used.has(name)) {
          used.add(name);
          if (!all[name]) throw new Error(`No component ${name}.`);
          visit(all[name]);
        }
      });
    visit(document);
    return Object.fromEntries([...used].sort().map((name) => [name, all[name]!]));
  }
}

function successStatus(handler: Handler, entry: RespondsEntry): string {
  return String(entry.status ?? handler.httpCode ?? (handler.method === 'post' ? 201 : 200));
}

function errorStatuses(handler: Handler, extra: readonly ErrorStatus[]): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(extra);
  const kind = handler.access?.kind;
  if (handler.inputs.length > 0) statuses.add(400);
  if (kind !== 'public') {
    statuses.add(401);
    statuses.add(429); // every signed-in call counts against its session's limit
    // Permission and admin rules refuse callers without them; any write is refused cross-site.
    if (kind === 'permission' || kind === 'admin' || UNSAFE_METHODS.has(handler.method)) statuses.add(403);
  }
  if (handler.addressLimited) statuses.add(429);
  if (handler.inputs.some((input) => input.kind === 'path')) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

function parametersOf(handler: Handler, schemas: SchemaSet): Json[] {
  const parameters: Json[] = [];
  for (const input of handler.inputs) {
    if (input.kind === 'body') continue;
    const object = schemas.resolve(schemas.ref(input.dto.schema, 'input'), 'input');
    const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((object.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const { description, ...schema } = property;
      parameters.push({
        name,
        in: input.kind,
        required: input.kind === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema,
      });
    }
  }
  if (handler.idempotent) {
    parameters.push({ name: 'Idempotency-Key', in: 'header', required: false, description: IDEMPOTENCY_KEY_DESCRIPTION, schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN } });
  }
  return parameters;
}

function requestBodyOf(handler: Handler, schemas: SchemaSet): Json | undefined {
  const body = handler.inputs.find((input) => input.kind === 'body');
  if (!body) return undefined;
  return {
    // The pipe parses a missing body as `undefined`: required unless the schema accepts that.
    required: !body.dto.schema.safeParse(undefined).success,
    content: { 'application/json': { schema: schemas.ref(body.dto.schema, 'input') } },
  };
}

function mediaTypeOf(handler: Handler, entry: RespondsEntry): string {
  return (entry.mediaType ?? handler.contentType ?? 'application/json').split(';')[0]!.trim();
}

function responsesOf(handler: Handler, schemas: SchemaSet, described: Record<string, { description?: string }>): Json {
  const responses: Json = {};
  for (const entry of handler.responds) {
    const status = successStatus(handler, entry);
    const description = entry.description || described[status]?.description || (entry.schema ? 'Success.' : 'Success, with no body.');
    const mediaType = mediaTypeOf(handler, entry);
    if (entry.schema) responses[status] = { description, content: { [mediaType]: { schema: schemas.ref(entry.schema, 'output') } } };
    else if (entry.mediaType) responses[status] = { description, content: { [mediaType]: { schema: { type: 'string' } } } };
    else responses[status] = { description };
  }
  for (const status of errorStatuses(handler, handler.responds.flatMap((entry) => entry.errors ?? []))) {
    responses[String(status)] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` };
  }
  return responses;
}

/** Builds the document from the app's mounted controllers (a preview-mode app will do). */
export function buildOpenApiDocument(app: INestApplication, version: string): OpenAPIObject {
  const scanned = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Stockbook API')
      .setDescription('Inventory, sales and accounting for shops with one or more locations.')
      .setVersion(version)
      .addServer('/')
      .build(),
    { operationIdFactory: operationId },
  );
  const handlers = handlersOf(app);
  const schemas = new SchemaSet();
  for (const handler of handlers.values()) {
    for (const input of handler.inputs) schemas.add(input.dto.schema, input.dto.name);
    for (const entry of handler.responds) if (entry.schema) schemas.add(entry.schema, `${handler.controller.name}_${handler.name}Response`);
  }
  schemas.build();

  const paths: Record<string, Json> = {};
  const missing: string[] = [];
  for (const [path, item] of Object.entries(scanned.paths)) {
    for (const [method, scannedOperation] of Object.entries(item as Record<string, Json>)) {
      const id = scannedOperation.operationId as string;
      const handler = handlers.get(id);
      if (!handler) throw new Error(`No handler found for operation ${id}.`);
      if (handler.responds.length === 0) {
        missing.push(id);
        continue;
      }
      const parameters = parametersOf(handler, schemas);
      const requestBody = requestBodyOf(handler, schemas);
      const isPublic = handler.access?.kind === 'public';
      (paths[path] ??= {})[method] = {
        operationId: id,
        tags: scannedOperation.tags,
        ...(scannedOperation.summary ? { summary: scannedOperation.summary } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(requestBody ? { requestBody } : {}),
        responses: responsesOf(handler, schemas, (scannedOperation.responses ?? {}) as Record<string, { description?: string }>),
        security: isPublic ? [] : [{ [SESSION_SCHEME]: [] }],
      };
    }
  }
  if (missing.length) throw new Error(`Handlers without @Responds(...) (say what they answer): ${missing.sort().join(', ')}.`);

  const document = {
    openapi: '3.1.0',
    info: { title: scanned.info.title, description: scanned.info.description, version: scanned.info.version },
    servers: scanned.servers,
    tags: scanned.tags,
    paths,
    components: {
      schemas: {} as Record<string, JsonSchema>,
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(({ name, description, retryAfter }) => [
          name,
          {
            description,
            ...(retryAfter ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } } : {}),
            content: { 'application/json': { schema: { $ref: `${SCHEMA_REF}ErrorEnvelope` } } },
          },
        ]),
      ),
      securitySchemes: {
        [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: 'stockbook_session', description: 'The session cookie set by sign-in and sign-up.' },
      },
    },
  };
  // Only the error responses operations use, and only the schemas the document refers to.
  const usedResponses = new Set<string>();
  walk(document.paths, (node) => {
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/components/responses/')) usedResponses.add(node.$ref.slice('#/components/responses/'.length));
  });
  document.components.responses = Object.fromEntries(Object.entries(document.components.responses).filter(([name]) => usedResponses.has(name)));
  document.components.schemas = schemas.componentsFor({ paths: document.paths, responses: document.components.responses });
  return sortKeys(document) as unknown as OpenAPIObject;
}
