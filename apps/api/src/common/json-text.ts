/**
 * An answer already written as JSON (by PostgreSQL, for large lists), typed by what it holds.
 * A handler returning one declares `@Header('content-type', JSON_CONTENT_TYPE)`; Fastify then
 * sends the text as it is instead of serialising it again.
 */
export type JsonText<T> = string & { readonly __json: T };

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
