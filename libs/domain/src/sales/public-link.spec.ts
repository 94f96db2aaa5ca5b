import { randomBytes, randomUUID } from 'node:crypto';
import { isPublicLinkToken, PUBLIC_LINK_TOKEN_BYTES, PUBLIC_LINK_TOKEN_LENGTH } from './public-link';

describe('public invoice link tokens', () => {
  it('accept what the API generates: 256 random bits as 43 base64url characters', () => {
    expect(PUBLIC_LINK_TOKEN_BYTES * 8).toBeGreaterThanOrEqual(128);
    expect(PUBLIC_LINK_TOKEN_LENGTH).toBe(43);
    for (let i = 0; i < 200; i++) expect(isPublicLinkToken(randomBytes(PUBLIC_LINK_TOKEN_BYTES).toString('base64url'))).toBe(true);
  });

  it('refuse ids, other lengths, padding, base64 characters and non-strings', () => {
    const token = randomBytes(PUBLIC_LINK_TOKEN_BYTES).toString('base64url');
    expect(isPublicLinkToken(randomUUID())).toBe(false);
    expect(isPublicLinkToken(token.slice(1))).toBe(false);
    expect(isPublicLinkToken(`${token}A`)).toBe(false);
    expect(isPublicLinkToken(`${token.slice(1)}=`)).toBe(false);
    expect(isPublicLinkToken(`${token.slice(1)}/`)).toBe(false);
    expect(isPublicLinkToken(`${token.slice(1)}+`)).toBe(false);
    expect(isPublicLinkToken(`${token.slice(1)}\n`)).toBe(false);
    expect(isPublicLinkToken('')).toBe(false);
    expect(isPublicLinkToken(null)).toBe(false);
    expect(isPublicLinkToken(42)).toBe(false);
  });
});
