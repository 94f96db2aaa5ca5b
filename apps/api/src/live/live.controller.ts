import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Auth, SignedIn, type AuthContext } from '../auth/auth-context';
import { LiveEventsService } from './live-events.service';
import type { SseFrame } from './sse-frame';
import { AppError } from '../common/errors/app-error';
import { Responds } from '../common/openapi/responds';
import { API_RUNTIME, type ApiRuntime } from '../runtime';

@ApiTags('live')
@Controller()
export class LiveController {
  constructor(
    private readonly live: LiveEventsService,
    @Inject(API_RUNTIME) private readonly runtime: ApiRuntime,
  ) {}

  /**
   * The signed-in user's event stream: `invalidate` (data: the kinds of data to reload, JSON) and
   * `logout` (data: why the session ended; the stream then closes). A comment every
   * LIVE_HEARTBEAT_MS (at most the contract's HEARTBEAT_SECONDS) keeps proxies from closing it.
   */
  @SignedIn()
  @Get('user/sse')
  @Responds(null, { mediaType: 'text/event-stream', description: 'Server-sent events: `invalidate` (data: a JSON array of the kinds of data to reload) and `logout` (data: why the session ended; the stream then closes).' })
  stream(@Auth() auth: AuthContext, @Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    // A session (a browser's tabs) or an address holds a few streams at most: more would be a leak or an attack.
    const open = this.live.openFor(auth.session.id, request.ip);
    const caps = this.runtime.config.liveStreams;
    if (open.session >= caps.perSession) throw AppError.tooManyRequests(`This session already has ${open.session} live update streams open: close a tab or two.`, 10);
    if (open.address >= caps.perAddress) throw AppError.tooManyRequests('Too many live update streams from your network. Try again in a minute.', 60);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    raw.write(`retry: 3000\n: connected\n\n`);

    const write = (text: string) => {
      if (!raw.writableEnded && !raw.destroyed) raw.write(text);
    };
    // An event goes straight onto the socket, as the chunk its frame made once for every stream:
    // through the response, each write framed a chunk of its own and was held for the next tick,
    // so a fan-out's socket writes all waited for its loop (about 14 µs a stream in all here; 9
    // of them the socket write itself). The response's own writes use the same chunked framing.
    const send = (frame: SseFrame) => {
      const socket = raw.socket;
      if (raw.writableEnded || raw.destroyed) return;
      if (socket && !socket.destroyed && raw.headersSent && raw.chunkedEncoding) socket.write(frame.chunk);
      else raw.write(frame.text);
    };
    const heartbeat = setInterval(() => write(': heartbeat\n\n'), this.runtime.config.liveHeartbeatMs);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
    };
    const unsubscribe = this.live.subscribe({
      sessionId: auth.session.id,
      userId: auth.user.id,
      businessId: auth.businessId,
      address: request.ip,
      deliver: (event, frame) => {
        send(frame);
        if (event.event === 'logout') {
          close();
          raw.end();
        }
      },
      // The process is stopping: the browser is told to come back soon (to this one restarted, or another).
      end: () => {
        write('retry: 1000\n: restarting\n\n');
        close();
        raw.end();
      },
    });
    raw.on('close', close);
    request.raw.on('close', close);
  }
}
