import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Activity, ActivityAction, ActivityEntity, ActivityListResponse } from '@stockbook/contracts';
import type { LocationScope } from '@stockbook/domain';
import { preparedQuery } from '../common/database/prepared-query';

export interface ActivityRecord {
  businessId: string;
  userId: string;
  action: ActivityAction;
  entity: ActivityEntity;
  description: string;
  locationIds?: readonly string[];
}

interface ActivityRow {
  id: string;
  location_ids: string[];
  action: Activity['action'];
  entity: Activity['entity'];
  description: string;
  created_at: Date;
  user_id: string;
  first_name: string;
  last_name: string;
  username: string;
  total: string;
}

/** The activity log: who changed what, where. Written in the same transaction as the change. */
@Injectable()
export class ActivityService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Writes an entry in the caller's transaction. With `notify` (a channel and payload), the same
   * statement sends that NOTIFY too: the write path's entry and event in one round trip.
   */
  async record(entry: ActivityRecord, manager: EntityManager = this.dataSource.manager, notify?: { channel: string; payload: string }): Promise<void> {
    const values = [entry.businessId, entry.userId, entry.locationIds ?? [], entry.action, entry.entity, entry.description];
    const insert = `INSERT INTO activities (business_id, user_id, location_ids, action, entity, description) VALUES ($1, $2, $3, $4, $5, $6)`;
    if (!notify) {
      await preparedQuery(manager, 'activity-entry', insert, values);
      return;
    }
    await preparedQuery(manager, 'activity-and-event', `WITH entry AS (${insert}) SELECT pg_notify($7, $8)`, [...values, notify.channel, notify.payload]);
  }

  /**
   * A page of the log, newest first, within `scope`: with every location, all of it; otherwise
   * only entries at a location in scope (business-wide entries need every location).
   */
  async list(
    businessId: string,
    scope: LocationScope,
    query: { page: number; limit: number; locations?: string[] },
  ): Promise<ActivityListResponse> {
    const conditions = ['a.business_id = $1', 'a.deleted_at IS NULL'];
    const parameters: unknown[] = [businessId];
    if (!scope.all) {
      parameters.push(scope.ids);
      conditions.push(`a.location_ids && $${parameters.length}::uuid[]`);
    }
    if (query.locations?.length) {
      parameters.push(query.locations);
      conditions.push(`a.location_ids && $${parameters.length}::uuid[]`);
    }
    parameters.push(query.limit, (query.page - 1) * query.limit);
    const rows = (await this.dataSource.query(
      `SELECT a.id, a.location_ids, a.action, a.entity, a.description, a.created_at,
              u.id AS user_id, u.first_name, u.last_name, u.username, count(*) OVER () AS total
         FROM activities a JOIN users u ON u.id = a.user_id
        WHERE ${conditions.join(' AND ')}
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT $${parameters.length - 1} OFFSET $${parameters.length}`,
      parameters,
    )) as ActivityRow[];
    const total = rows[0] ? Number(rows[0].total) : await this.count(conditions, parameters.slice(0, -2));
    return { data: rows.map(toActivity), total, page: query.page, limit: query.limit };
  }

  private async count(conditions: string[], parameters: unknown[]): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*) AS n FROM activities a WHERE ${conditions.join(' AND ')}`,
      parameters,
    )) as { n: string }[];
    return Number(row?.n ?? 0);
  }
}

function toActivity(row: ActivityRow): Activity {
  return {
    _id: row.id,
    user: { _id: row.user_id, firstName: row.first_name, lastName: row.last_name, username: row.username },
    locationID: row.location_ids,
    action: row.action,
    entity: row.entity,
    description: row.description,
    createdAt: row.created_at.toISOString(),
  };
}
