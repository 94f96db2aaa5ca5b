import type { Plugin } from 'vite';
import { consumeShared, importsOf, type Parse, type ProvidedPackage } from './shared-imports';

/**
 * One zod for the shell and every remote. Each remote used to bundle its own copy of zod (~28 KiB
 * compressed), so the second remote a user opened downloaded zod again, beside the shell's.
 * Module Federation's `shared` would hand zod out whole (with every locale: ~74 KiB, or ~96 KiB
 * with the contracts), so, as for antd (./shared-antd.ts):
 *
 * - the shell's build (SHARED_ZOD, given to provideSharedPackages) publishes `z` on
 *   `globalThis[SHARED_ZOD_KEY]`, as an object of the members the front ends use
 *   (SHARED_ZOD_MEMBERS), in a lazily loaded chunk of
 *   the shell's own zod: the parts the shell's pages already use stay where they are (the public
 *   home carries nothing more), the rest arrives with the first remote;
 * - a remote's build (`consumeSharedZod`) turns `import { z } from 'zod'` into an awaited load of
 *   that `z`, and fails when a module uses a member of `z` the shell does not publish.
 */
export const SHARED_ZOD_KEY = '__STOCKBOOK_SHARED_ZOD__';

/** The members of zod's `z` that the remotes' code (and the libraries they bundle) use as values. */
export const SHARED_ZOD_MEMBERS = [
  'array', 'boolean', 'coerce', 'email', 'enum', 'iso', 'literal', 'number', 'object', 'partialRecord', 'record',
  'strictObject', 'string', 'union',
] as const;

/** The shell's side (./shared-imports.ts provideSharedPackages): `{ z }`, with the shared members only. */
export const SHARED_ZOD: ProvidedPackage = {
  packageName: 'zod',
  key: SHARED_ZOD_KEY,
  shared: `import { z } from 'zod';
const shared = { z: Object.freeze({
${SHARED_ZOD_MEMBERS.map((member) => `  ${member}: z.${member},`).join('\n')}
}) };`,
};

interface AstNode {
  type: string;
  [key: string]: unknown;
}

/**
 * How a module uses its `z`: the names read from it (`z.object`), and whether it uses `z` any
 * other way (passed along, indexed), which sharing a subset of zod cannot serve.
 */
export function zodMembersUsed(program: { body: unknown[] }): { members: Set<string>; otherUses: number } {
  const locals = new Set(
    importsOf(program, 'zod').flatMap((node) =>
      node.specifiers.filter((s) => s.type === 'ImportSpecifier' && (s.imported?.name ?? s.imported?.value) === 'z').map((s) => s.local.name),
    ),
  );
  const members = new Set<string>();
  let otherUses = 0;
  const visit = (node: unknown, parent?: AstNode, key?: string) => {
    if (Array.isArray(node)) return node.forEach((child) => visit(child, parent, key));
    if (!node || typeof node !== 'object' || typeof (node as AstNode).type !== 'string') return;
    const current = node as AstNode;
    if (current.type === 'ImportDeclaration') return;
    if (current.type === 'Identifier' && locals.has(current.name as string)) {
      const member = parent?.type === 'MemberExpression' && key === 'object' && !parent.computed ? (parent.property as AstNode) : undefined;
      if (member?.type === 'Identifier') members.add(member.name as string);
      else if (!(parent?.type === 'MemberExpression' && key === 'property' && !parent.computed) && !(parent?.type === 'Property' && key === 'key')) otherUses++;
      return;
    }
    for (const [childKey, child] of Object.entries(current)) if (childKey !== 'type') visit(child, current, childKey);
  };
  visit(program.body);
  return { members, otherUses };
}

/** A remote's side, at build time only: zod imports become loads of the shell's `z` (./shared-imports.ts). */
export const consumeSharedZod = (parse: Parse): Plugin =>
  consumeShared({
    packageName: 'zod',
    parse,
    key: SHARED_ZOD_KEY,
    check(_code, id, program) {
      const named = importsOf(program, 'zod').flatMap((node) => node.specifiers.map((s) => s.imported?.name ?? s.imported?.value ?? '*'));
      const others = named.filter((name) => name !== 'z');
      if (others.length) throw new Error(`${id} imports ${others.join(', ')} from zod: the shell shares its z only (import { z } from 'zod').`);
      const { members, otherUses } = zodMembersUsed(program);
      const unshared = [...members].filter((member) => !(SHARED_ZOD_MEMBERS as readonly string[]).includes(member));
      if (unshared.length) {
        throw new Error(`${id} uses z.${unshared.join(', z.')}, which the shell does not share: add it to SHARED_ZOD_MEMBERS (tools/vite/shared-zod.ts).`);
      }
      if (otherUses) throw new Error(`${id} uses zod's z other than by reading its members (z.object): the shell shares those members only.`);
    },
  });
