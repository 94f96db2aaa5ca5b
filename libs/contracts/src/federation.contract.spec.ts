import { RemotesManifestSchema } from './federation.contract';

describe('RemotesManifestSchema', () => {
  it('accepts entries for known remotes', () => {
    const manifest = { remotes: { marketing: { entry: '/remotes/marketing/remoteEntry.js' } } };
    expect(RemotesManifestSchema.parse(manifest)).toEqual(manifest);
  });

  it('refuses an unknown remote name and an empty entry', () => {
    expect(RemotesManifestSchema.safeParse({ remotes: { shop: { entry: '/x.js' } } }).success).toBe(false);
    expect(RemotesManifestSchema.safeParse({ remotes: { admin: { entry: '' } } }).success).toBe(false);
  });
});
