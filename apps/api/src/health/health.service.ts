import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { HealthResponse } from '@stockbook/contracts';
import { storageFullSince } from '../common/errors/storage-full';
import { API_RUNTIME, type ApiRuntime } from '../runtime';

/** What the last write probe found, and when. */
interface Probe {
  readonly at: number;
  /** Null when the write committed. */
  readonly error: string | null;
}

/**
 * Whether the API can serve (issue 23, rule 4): its database answers a read, and a write commits.
 * The write is a one-row update of `health_probe`, proved at most every HEALTH_PROBE_MS (a load
 * balancer polling every second costs one tiny write every few seconds), so a database that reads
 * but refuses writes (disk full, read-only, a standby) makes /health say not ready, 503.
 */
@Injectable()
export class HealthService {
  private probe: Probe | null = null;
  private probing: Promise<Probe> | null = null;

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
      const write = await this.writeProbe();
      if (write.error) return { ...base, status: 'degraded', database: { status: 'up', latencyMs, embedded, error: `The database refuses writes: ${write.error}` } };
      // Reads still work on a full disk; writes do not: say so while they keep failing.
      const full = storageFullSince();
      if (full) return { ...base, status: 'degraded', database: { status: 'up', latencyMs, embedded, error: `The database's disk was full at ${full.toISOString()}: writes are failing.` } };
      return { ...base, status: 'ok', database: { status: 'up', latencyMs, embedded } };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ...base, status: 'degraded', database: { status: 'down', embedded, error: message } };
    }
  }

  /** The last probe while it is fresh; otherwise one new probe, shared by the checks waiting on it. */
  private writeProbe(): Promise<Probe> {
    const fresh = this.probe && performance.now() - this.probe.at < this.runtime.config.healthProbeMs;
    if (fresh) return Promise.resolve(this.probe!);
    this.probing ??= this.dataSource
      .query(`UPDATE health_probe SET written_at = now() WHERE id = 1`)
      .then(
        () => null,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      )
      .then((error) => {
        this.probe = { at: performance.now(), error };
        this.probing = null;
        return this.probe;
      });
    return this.probing;
  }
}
