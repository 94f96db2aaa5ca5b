import { Global, Module } from '@nestjs/common';
import { LiveController } from './live.controller';
import { LiveEventsService } from './live-events.service';

/** Server-sent events through PostgreSQL LISTEN/NOTIFY; any module may publish. */
@Global()
@Module({ controllers: [LiveController], providers: [LiveEventsService], exports: [LiveEventsService] })
export class LiveModule {}
