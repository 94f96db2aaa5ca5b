import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { ACCESS_METADATA, type Access } from '../src/auth/auth-context';
import { startTestApi, type TestApi } from './support/test-api';

interface Handler {
  route: string;
  access: Access | undefined;
}

/** Every route handler of every controller the running API mounted, with its declared access. */
function handlersOf(api: TestApi): Handler[] {
  const handlers: Handler[] = [];
  for (const module of api.api.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const method = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof method !== 'function') continue;
        if (Reflect.getMetadata(PATH_METADATA, method) === undefined || Reflect.getMetadata(METHOD_METADATA, method) === undefined) continue;
        const access = (Reflect.getMetadata(ACCESS_METADATA, method) ?? Reflect.getMetadata(ACCESS_METADATA, controller)) as Access | undefined;
        handlers.push({ route: `${controller.name}.${name} (${prefix}/${String(Reflect.getMetadata(PATH_METADATA, method))})`, access });
      }
    }
  }
  return handlers;
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
      ].sort(),
    );
  });
});
