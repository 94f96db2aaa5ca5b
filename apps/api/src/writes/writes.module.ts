import { Global, Module } from '@nestjs/common';
import { WritePath } from './write-path.service';

/** The shared write path every module's changes go through. */
@Global()
@Module({ providers: [WritePath], exports: [WritePath] })
export class WritesModule {}
