import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CommonErrorCode, REMOTE_APPS, REMOTE_NAMES, type RemoteName, type RemotesManifest } from '@stockbook/contracts';
import type { AppConfig } from '../config/app-config';
import { readSessionCookie } from '../auth/session-cookie';
import { HtmlPage, isFramePath, withFramePlaceholder } from './html-page';

const HASHED_ASSET = /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|jpg|webp)(\.br|\.gz)?$/;

function cacheHeaders(reply: { setHeader(name: string, value: string): unknown }, filePath: string): void {
  reply.setHeader('cache-control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** The part of a remote's mf-manifest.json (written by its build) that says what each expose loads. */
const FederationManifestSchema = z.object({
  metaData: z.object({ publicPath: z.string() }),
  exposes: z.array(
    z.object({
      path: z.string(),
      assets: z.object({
        js: z.object({ sync: z.array(z.string()) }),
        css: z.object({ sync: z.array(z.string()) }),
      }),
    }),
  ),
});

/** A remote's module-preloads.json (tools/vite/module-preloads.ts): files per source module. */
const ModulePreloadsSchema = z.record(z.string(), z.array(z.string()));

/** A JSON file of a remote's build read by `schema`; undefined when it is missing or unreadable. */
function readBuildFile<T>(file: string, schema: z.ZodType<T>): T | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For a remote served from this origin: the files each exposed module needs (by expose, from its
 * build's mf-manifest.json) and those of the modules its exposed modules load as they start (by
 * source path, from its module-preloads.json). Undefined for remotes elsewhere or built without
 * either.
 */
function preloadsOf(config: AppConfig, name: RemoteName): Record<string, string[]> | undefined {
  const app = REMOTE_APPS[name];
  const base = `/remotes/${app}/`;
  if (config.web.remotes[name] !== `${base}remoteEntry.js`) return undefined;
  const manifest = readBuildFile(path.join(config.web.root, app, 'mf-manifest.json'), FederationManifestSchema);
  const modules = readBuildFile(path.join(config.web.root, app, 'module-preloads.json'), ModulePreloadsSchema);
  if (!manifest && !modules) return undefined;
  const publicPath = manifest?.metaData.publicPath ?? base;
  return {
    ...Object.fromEntries(
      (manifest?.exposes ?? []).map((expose) => [
        expose.path,
        [...expose.assets.js.sync, ...expose.assets.css.sync].map((asset) => `${publicPath}${asset}`),
      ]),
    ),
    ...Object.fromEntries(Object.entries(modules ?? {}).map(([module, files]) => [module, files.map((file) => `${base}${file}`)])),
  };
}

export function remotesManifest(config: AppConfig): RemotesManifest {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { entry: config.web.remotes[name], preload: preloadsOf(config, name) }]),
  );
  return { remotes } as RemotesManifest;
}

/**
 * Serves the built front ends on the API's origin: the shell at /, each remote under
 * /remotes/<app>/, /remotes.json from configuration, the public invoice page (public-invoice.html,
 * built beside the shell) for /i and /i/*, and index.html for every other page.
 */
export async function mountWebFrontend(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const shellDir = path.join(config.web.root, 'shell');
  const manifest = remotesManifest(config);
  fastify.get('/remotes.json', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return manifest;
  });

  for (const name of REMOTE_NAMES) {
    const app = REMOTE_APPS[name];
    await fastify.register(fastifyStatic, {
      root: path.join(config.web.root, app),
      prefix: `/remotes/${app}/`,
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
  }
  await fastify.register(fastifyStatic, {
    root: shellDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: cacheHeaders,
  });

  const index = new HtmlPage(path.join(shellDir, 'index.html'), {
    sentryDsn: config.web.sentryDsn,
    sentryEnvironment: config.web.sentryEnvironment,
    docsUrl: config.web.docsUrl,
    release: config.version,
  });
  // The public invoice page customers open (/i/<link>): its own small build, without the shell.
  const publicInvoice = new HtmlPage(path.join(shellDir, 'public-invoice.html'));
  const sendPage = (page: HtmlPage, reply: FastifyReply, transform: (html: string) => string = (html) => html) => {
    const source = page.html();
    const html = source === undefined ? undefined : transform(source);
    if (!html) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(`The web app is not built yet: run "npm run build" (looked in ${shellDir}).`);
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  const sendIndex = (reply: FastifyReply) => sendPage(index, reply);
  /** A page of the app: under /x with a session, the frame's placeholder is in the HTML already. */
  const sendAppPage = (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    if (!isFramePath(pathname)) return sendIndex(reply);
    void reply.header('vary', 'Cookie');
    return readSessionCookie(request) ? sendPage(index, reply, (html) => withFramePlaceholder(html, pathname)) : sendIndex(reply);
  };

  fastify.get('/*', async (request, reply) => {
    const pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (pathname.startsWith('/api/') || pathname.startsWith('/remotes/')) {
      return reply
        .status(404)
        .send({ message: 'Not found.', code: CommonErrorCode.NotFound, requestId: String(request.id) });
    }
    if (pathname === '/i' || pathname.startsWith('/i/')) return sendPage(publicInvoice, reply);
    const relative = path.normalize(pathname).replace(/^(\.\.(\/|\\|$))+/, '').replace(/^\/+/, '');
    const candidate = path.join(shellDir, relative);
    if (relative === 'index.html') return sendIndex(reply);
    if (relative && candidate.startsWith(shellDir) && existsSync(candidate) && statSync(candidate).isFile()) {
      return reply.sendFile(relative);
    }
    if (!path.extname(relative) || relative.endsWith('.html')) return sendAppPage(request, reply, pathname);
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
  });
}
