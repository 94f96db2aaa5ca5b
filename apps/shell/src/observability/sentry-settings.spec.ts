import { sentrySettings } from './sentry-settings';

describe('sentrySettings', () => {
  it('stays off without a DSN', () => {
    expect(sentrySettings({ sentryEnvironment: 'production', docsUrl: '/docs' })).toBeUndefined();
  });

  it('uses the specification sample rates and masks nothing', () => {
    const settings = sentrySettings({ sentryDsn: 'https://key@sentry.example/1', sentryEnvironment: 'production', docsUrl: '/docs' });
    expect(settings).toEqual({
      dsn: 'https://key@sentry.example/1',
      environment: 'production',
      release: undefined,
      tracesSampleRate: 1.0,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1.0,
      replay: { maskAllText: false, maskAllInputs: false, blockAllMedia: false },
    });
  });
});
