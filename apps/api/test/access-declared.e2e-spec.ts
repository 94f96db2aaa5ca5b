import { ACCESS_METADATA, type Access } from '../src/auth/auth-context';
import { mountedHandlers } from './support/mounted-handlers';
import { startTestApi, type TestApi } from './support/test-api';

interface Handler {
  route: string;
  access: Access | undefined;
}

/** Every route handler the running API mounted, with its declared access. */
function handlersOf(api: TestApi): Handler[] {
  return mountedHandlers(api).map(({ controller, name, handler, prefix, route }) => ({
    route: `${controller.name}.${name} (${prefix}/${route})`,
    access: (Reflect.getMetadata(ACCESS_METADATA, handler) ?? Reflect.getMetadata(ACCESS_METADATA, controller)) as Access | undefined,
  }));
}

describe('every endpoint declares who may call it', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('finds the handlers, and none lacks an access rule', () => {
    const handlers = handlersOf(api);
    expect(handlers.length).toBeGreaterThan(25);
    expect(handlers.filter((handler) => !handler.access).map((handler) => handler.route)).toEqual([]);
  });

  it('public handlers are exactly the ones a signed-out visitor needs', () => {
    const open = handlersOf(api)
      .filter((handler) => handler.access?.kind === 'public')
      .map((handler) => handler.route.replace(/ \(.*\)$/, ''))
      .sort();
    expect(open).toEqual(
      [
        'AuthController.login',
        'AuthController.register',
        'AuthController.requestPasswordReset',
        'AuthController.requestUsername',
        'AuthController.resetPassword',
        'AuthController.verifyToken',
        'AuthController.verifyUsername',
        'HealthController.check',
        // A staff invitation's link (issue 24, rule 3): found by its unguessable token, rate limited per address.
        'InvitationsController.accept',
        'InvitationsController.verify',
        // The process's own liveness (issue 23, rule 4): says nothing but that it runs.
        'HealthController.live',
        // The public invoice page (issue 14): found by its unguessable link, rate limited per address.
        'PublicInvoiceController.get',
      ].sort(),
    );
  });
});
