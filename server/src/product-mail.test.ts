import { describe, expect, it } from 'vitest';
import { parseMailbox } from './product-mail';

describe.skipIf(process.env.TEST_DB === 'postgres')('MAIL_FROM', () => {
  it('reads a name and an address, or a bare address', () => {
    expect(parseMailbox('Pipewise <no-reply@example.com>')).toEqual({
      name: 'Pipewise',
      address: 'no-reply@example.com',
    });
    expect(parseMailbox('"Sales, Acme" <sales@acme.test>')).toEqual({
      name: 'Sales, Acme',
      address: 'sales@acme.test',
    });
    expect(parseMailbox(' hello@acme.test ')).toEqual({ address: 'hello@acme.test' });
  });
});
