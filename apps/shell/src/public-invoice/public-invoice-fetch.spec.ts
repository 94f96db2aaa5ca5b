import { invoiceIdFrom } from './public-invoice-fetch';

describe('the public invoice page reads its link from the path', () => {
  it('takes the token after /i/', () => {
    expect(invoiceIdFrom('/i/Zx_9-Qa')).toBe('Zx_9-Qa');
    expect(invoiceIdFrom('/i/Zx_9-Qa/')).toBe('Zx_9-Qa');
    expect(invoiceIdFrom('/i/a%20b')).toBe('a b');
  });

  it('has no id for /i and /i/', () => {
    expect(invoiceIdFrom('/i')).toBeUndefined();
    expect(invoiceIdFrom('/i/')).toBeUndefined();
  });

  it('keeps a malformed escape as it is (the API then answers it is unknown)', () => {
    expect(invoiceIdFrom('/i/%E0%A4%A')).toBe('%E0%A4%A');
  });
});
