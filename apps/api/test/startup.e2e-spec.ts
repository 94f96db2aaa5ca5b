import { startApi } from '../src/bootstrap';
import { ConfigError } from '../src/config/app-config';

describe('API start-up', () => {
  it('refuses to start with an invalid configuration variable and names it', async () => {
    const attempt = startApi({ PORT: 'eighty', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    await expect(attempt).rejects.toBeInstanceOf(ConfigError);
    await expect(startApi({ PORT: 'eighty' })).rejects.toThrow(/PORT must be a port number \(got "eighty"\)/);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL before touching any database', async () => {
    await expect(startApi({ DATABASE_URL: 'mysql://root@localhost/shop' })).rejects.toThrow(/DATABASE_URL must be a postgres/);
  });
});
