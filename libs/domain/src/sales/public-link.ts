/**
 * The public invoice link's token format (issue 14, rule 6). The API makes a token with
 * `randomBytes(PUBLIC_LINK_TOKEN_BYTES).toString('base64url')`: 256 random bits (the issue asks at
 * least 128), written as 43 base64url characters without padding. The public page and route can
 * salesRefusal anything else (404) before touching the database.
 */

export const PUBLIC_LINK_TOKEN_BYTES = 32;
export const PUBLIC_LINK_TOKEN_LENGTH = Math.ceil((PUBLIC_LINK_TOKEN_BYTES * 8) / 6);

const TOKEN = new RegExp(`^[A-Za-z0-9_-]{${PUBLIC_LINK_TOKEN_LENGTH}}$`);

export function isPublicLinkToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}
