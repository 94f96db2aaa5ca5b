import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { HealthResponse } from '@stockbook/contracts';
import { storageFullSince } from '../common/errors/storage-full';
import { API_RUNTIME, type ApiRuntime } from '../runtime';

@Injectable()
export class HealthService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(API_RUNTIME) private readonly runtime: ApiRuntime,
  ) {}

  async check(): Promise<HealthResponse> {
    const started = performance.now();
    const base = { version: this.runtime.config.version, uptimeSeconds: Math.round(process.uptime()) };
    const embedded = this.runtime.embeddedDatabase;
    try {
      await this.dataSource.query('SELECT 1');
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      // Reads still work on a full disk; writes do not: say so while they keep failing.
      const full = storageFullSince();
      if (full) return { ...base, status: 'degraded', database: { status: 'up', latencyMs, embedded, error: `The database's disk was full at ${full.toISOString()}: writes are failing.` } };
      return { ...base, status: 'ok', database: { status: 'up', latencyMs, embedded } };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ...base, status: 'degraded', database: { status: 'down', embedded, error: message } };
    }
  }
}
