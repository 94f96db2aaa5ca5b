import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';

/** The pg pool TypeORM's postgres driver keeps (its `master`). */
interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/**
 * What the API counts for Prometheus (issue 23, rule 8): requests by route, method and status with
 * their latency, the database pool, open live streams and the time an event takes to reach them,
 * and sales and credit notes made; plus the process's own (CPU, memory, event loop, handles).
 * One registry per API instance (tests start several in one process), read by GET /metrics.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly requests = new Counter({ name: 'stockbook_http_requests_total', help: 'HTTP requests answered, by method, route and status.', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
  readonly requestSeconds = new Histogram({
    name: 'stockbook_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly errors = new Counter({ name: 'stockbook_http_errors_total', help: 'HTTP requests answered 5xx, by method and route.', labelNames: ['method', 'route'], registers: [this.registry] });
  readonly fanOutSeconds = new Histogram({
    name: 'stockbook_live_fanout_duration_seconds',
    help: 'Time to write one live event to the socket of every matching open stream of this process.',
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });
  readonly sales = new Counter({ name: 'stockbook_sales_total', help: 'Sales made (invoices created).', registers: [this.registry] });
  readonly refunds = new Counter({ name: 'stockbook_refunds_total', help: 'Refunds made (credit notes written).', registers: [this.registry] });
  private openStreams: () => number = () => 0;

  constructor(@InjectDataSource() dataSource: DataSource) {
    collectDefaultMetrics({ register: this.registry, prefix: 'stockbook_' });
    const pool = () => (dataSource.driver as unknown as { master?: PoolCounts }).master;
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read());
        },
      });
    gauge('stockbook_db_pool_connections', 'Database connections the pool holds.', () => pool()?.totalCount ?? 0);
    gauge('stockbook_db_pool_idle_connections', 'Database connections idle in the pool.', () => pool()?.idleCount ?? 0);
    gauge('stockbook_db_pool_waiting_requests', 'Queries waiting for a database connection.', () => pool()?.waitingCount ?? 0);
    gauge('stockbook_live_streams_open', 'Live event streams open in this process.', () => this.openStreams());
  }

  /** The live module says how many streams are open (it depends on this module, not the other way round). */
  countStreamsWith(read: () => number): void {
    this.openStreams = read;
  }

  /** An answered request: its route's pattern (never the raw URL: ids would explode the labels). */
  answered(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.requestSeconds.observe({ method, route }, seconds);
    if (status >= 500) this.errors.inc({ method, route });
  }
}
