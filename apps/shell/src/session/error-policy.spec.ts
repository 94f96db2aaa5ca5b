import { accountKeys } from '@stockbook/api-client';
import { CURRENT_USER_KEY, decideApiError, NETWORK_ERROR_NOTICE, TOO_MANY_REQUESTS_NOTICE, type FailedCall } from './error-policy';

const call = (overrides: Partial<FailedCall>): FailedCall => ({ path: 'user/location', network: false, message: 'x', ...overrides });

describe('the error catalogue (section 8)', () => {
  it('shows the Network Error toast for a network error on user/details only', () => {
    expect(decideApiError(call({ path: 'user/details', network: true }), false)).toEqual({ kind: 'notify', notice: NETWORK_ERROR_NOTICE });
    expect(decideApiError(call({ path: 'user/location', network: true }), true)).toEqual({ kind: 'none' });
    expect(NETWORK_ERROR_NOTICE).toMatchObject({ title: 'Network Error', description: 'A network error occured, try again later.' });
  });

  it('treats a 401 UNAUTHENTICATED on any other call as a lost session while signed in', () => {
    expect(decideApiError(call({ status: 401, code: 'UNAUTHENTICATED' }), true)).toEqual({ kind: 'session-lost' });
  });

  it('leaves a 401 on user/details, a 401 with another code, and a 401 without a session alone', () => {
    expect(decideApiError(call({ path: 'user/details', status: 401, code: 'UNAUTHENTICATED' }), true)).toEqual({ kind: 'none' });
    expect(decideApiError(call({ path: 'user/login', status: 401, code: 'INVALID_CREDENTIALS' }), true)).toEqual({ kind: 'none' });
    expect(decideApiError(call({ status: 401, code: 'UNAUTHENTICATED' }), false)).toEqual({ kind: 'none' });
  });

  it('shows Too many requests for a 429, on any call', () => {
    for (const path of ['user/details', 'user/login', 'user/location']) {
      expect(decideApiError(call({ path, status: 429 }), true)).toEqual({ kind: 'notify', notice: TOO_MANY_REQUESTS_NOTICE });
    }
    expect(TOO_MANY_REQUESTS_NOTICE).toMatchObject({ title: 'Too many requests', description: 'Please try again later' });
  });

  it("shows An Error occured with the server's message for a 500", () => {
    expect(decideApiError(call({ status: 500, message: 'Database down' }), true)).toEqual({
      kind: 'notify',
      notice: { kind: 'error', title: 'An Error occured', description: 'Database down' },
    });
  });

  it('leaves other statuses to the screens', () => {
    for (const status of [400, 403, 404, 409, 503]) expect(decideApiError(call({ status }), true)).toEqual({ kind: 'none' });
  });
});

describe('the current-user key', () => {
  it("is the api-client's", () => {
    expect(CURRENT_USER_KEY).toEqual(accountKeys.currentUser());
  });
});
