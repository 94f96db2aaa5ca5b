import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { TestApi } from './test-api';

/** One route handler the running API mounted. */
export interface MountedHandler {
  readonly controller: new (...args: never[]) => object;
  readonly name: string;
  readonly handler: (...args: unknown[]) => unknown;
  /** The controller's path and the handler's route, as declared. */
  readonly prefix: string;
  readonly route: string;
  readonly method: RequestMethod;
}

/** Every route handler of every controller the running API mounted. */
export function mountedHandlers(api: TestApi): MountedHandler[] {
  const handlers: MountedHandler[] = [];
  for (const module of api.api.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const route = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (route === undefined || method === undefined) continue;
        handlers.push({ controller, name, handler: handler as MountedHandler['handler'], prefix, route: String(route), method });
      }
    }
  }
  return handlers;
}
