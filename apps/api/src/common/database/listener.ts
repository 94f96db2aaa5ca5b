import { Client, type Notification } from 'pg';

/**
 * A connection of its own LISTENing on `channel` (a pooled one cannot: LISTEN lasts as long as
 * the connection). `lost` is called once it errs or ends; should it not connect or listen, it is
 * closed and the promise rejects.
 */
export async function openListener(
  databaseUrl: string,
  applicationName: string,
  channel: string,
  heard: (notification: Notification) => void,
  lost: (client: Client, why: string) => void,
): Promise<Client> {
  const client = new Client({ connectionString: databaseUrl, application_name: applicationName });
  client.on('notification', heard);
  client.on('error', (error) => lost(client, error.message));
  client.on('end', () => lost(client, 'connection ended'));
  try {
    await client.connect();
    await client.query(`LISTEN ${channel}`);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}
