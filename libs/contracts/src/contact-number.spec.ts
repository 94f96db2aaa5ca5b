import { ContactNumberSchema, CONTACT_NUMBER_MESSAGE, isContactNumber } from './contact-number';

describe('contact numbers', () => {
  it.each(['0412 345 678', '+61 412 345 678', '(02) 9876-5432', '555.123.4567', '+1 (555) 123-4567', '123456'])('accepts %s', (text) => {
    expect(isContactNumber(text)).toBe(true);
  });

  it.each(['call me', '12345', '+1 555 123 4567 8901 2', '555-CALL-NOW', '12 + 34 56 78', '++61 412 345 678', '0412 345 678 ext 2'])('refuses %s', (text) => {
    expect(isContactNumber(text)).toBe(false);
  });

  it('leaves an empty number empty and trims a given one', () => {
    expect(ContactNumberSchema.parse('')).toBe('');
    expect(ContactNumberSchema.parse('  0412 345 678 ')).toBe('0412 345 678');
  });

  it('says what a phone number looks like', () => {
    const result = ContactNumberSchema.safeParse('not a number');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CONTACT_NUMBER_MESSAGE);
  });
});
