import { HEARTBEAT_SECONDS } from '@stockbook/contracts';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('gives working defaults for npm start', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.database.embedded.dataDir).toMatch(/\.data\/postgres$/);
    expect(config.web.remotes.billing).toBe('/remotes/billing-mf/remoteEntry.js');
  });

  it('names the bad variable and the value it got', () => {
    expect(() => loadConfig({ PORT: 'seventy' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'seventy' })).toThrow(/PORT must be a port number \(got "seventy"\)/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be between 1 and 65535/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems } = error as ConfigError;
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/^DATABASE_URL must be a postgres/);
      expect(problems[1]).toMatch(/^LOG_LEVEL /);
    }
  });

  it('takes a DATABASE_URL and remote URLs from the environment', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/shop',
      REMOTE_ADMIN_URL: 'https://cdn.example/admin/remoteEntry.js',
    });
    expect(config.database.url).toBe('postgres://u:p@db:5432/shop');
    expect(config.web.remotes.admin).toBe('https://cdn.example/admin/remoteEntry.js');
  });

  it('sends the live heartbeat every HEARTBEAT_SECONDS unless told to send it sooner, never later', () => {
    expect(loadConfig({}).liveHeartbeatMs).toBe(HEARTBEAT_SECONDS * 1000);
    expect(loadConfig({ LIVE_HEARTBEAT_MS: '50' }).liveHeartbeatMs).toBe(50);
    expect(() => loadConfig({ LIVE_HEARTBEAT_MS: String(HEARTBEAT_SECONDS * 1000 + 1) })).toThrow(/LIVE_HEARTBEAT_MS must be at most/);
    expect(() => loadConfig({ LIVE_HEARTBEAT_MS: '0' })).toThrow(/LIVE_HEARTBEAT_MS must be at least 10/);
  });

  it('sends the invalidations of committed writes together every 5 ms unless told otherwise, within a second', () => {
    expect(loadConfig({}).liveCoalesceMs).toBe(5);
    expect(loadConfig({ LIVE_COALESCE_MS: '0' }).liveCoalesceMs).toBe(0);
    expect(() => loadConfig({ LIVE_COALESCE_MS: '1001' })).toThrow(/LIVE_COALESCE_MS must be at most 1000/);
    expect(() => loadConfig({ LIVE_COALESCE_MS: 'soon' })).toThrow(/LIVE_COALESCE_MS must be a number/);
  });
});
