import type { LightMyRequestResponse } from 'fastify';
import { urlOf, type ApiRequest, type OpenApiDocument } from './openapi-cases';
import type { TestApi } from './test-api';

/** The OpenAPI document the running API serves. */
export async function servedDocument(api: TestApi): Promise<OpenApiDocument> {
  const response = await api.request({ method: 'GET', url: '/api/docs-json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/docs-json: ${response.statusCode} ${response.body}`);
  return response.json() as OpenApiDocument;
}

/** Sends a generated request as JSON text (so null, arrays and strings travel as they are). */
export function send(api: TestApi, request: ApiRequest, cookie?: string): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  return api.request({
    method: request.method,
    url: urlOf(request),
    headers,
    payload: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
}
