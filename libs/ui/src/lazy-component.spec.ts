import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { lazyComponent, lazyExport } from './lazy-component';

const Hello: ComponentType<{ name: string }> = ({ name }) => createElement('p', null, `Hello ${name}`);

/** Server-renders `element` inside a Suspense boundary whose fallback says "waiting". */
const render = (element: ReturnType<typeof createElement>) => renderToString(createElement(Suspense, { fallback: 'waiting' }, element));

describe('lazyComponent', () => {
  it('suspends before its code is loaded, and renders at once, without suspending, once it is', async () => {
    const load = jest.fn(async () => Hello);
    const Lazy = lazyComponent(load);
    expect(Lazy.current()).toBeUndefined();
    expect(render(createElement(Lazy, { name: 'Ada' }))).toContain('waiting');
    await Lazy.preload();
    expect(Lazy.current()).toBe(Hello);
    expect(render(createElement(Lazy, { name: 'Ada' }))).toBe('<!--$--><p>Hello Ada</p><!--/$-->');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is what React.lazy is not: React.lazy suspends on a first render even when its code has loaded', async () => {
    const module = Promise.resolve({ default: Hello });
    const ReactLazy = lazy(() => module);
    await module;
    expect(render(createElement(ReactLazy, { name: 'Ada' }))).toContain('waiting');
  });

  it('renders a component another path already loaded (peek) without loading it', () => {
    const load = jest.fn(async () => Hello);
    const Lazy = lazyComponent(load, () => Hello);
    expect(render(createElement(Lazy, { name: 'Grace' }))).toBe('<!--$--><p>Hello Grace</p><!--/$-->');
    expect(load).not.toHaveBeenCalled();
  });

  it('forgets a failed load, so the next try loads again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Hello);
    const Lazy = lazyComponent<{ name: string }>(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await expect(Lazy.preload()).resolves.toBe(Hello);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('lazyExport takes one named export of a module', async () => {
    const Lazy = lazyExport(async () => ({ Hello, Other: () => null }), 'Hello');
    await Lazy.preload();
    expect(render(createElement(Lazy, { name: 'Linus' }))).toBe('<!--$--><p>Hello Linus</p><!--/$-->');
  });
});
