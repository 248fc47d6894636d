import { describe, expect, it } from 'vitest';
import { parseDealValue } from './lead';

// A mapped "value" field is typed by a visitor: the deal gets the amount they meant, or none.

describe('parseDealValue', () => {
  it.each([
    ['1000', 1000],
    ['$12,500.50', 12500.5],
    ['12.500,50 €', 12500.5],
    ['EUR 1,000', 1000],
    ['1.000', 1000],
    ['1 000 000', 1000000],
    ['1,000,000', 1000000],
    ['1.234.567,89', 1234567.89],
    ['12,5', 12.5],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['£99.999', 99999],
    ["CHF 1'250", 1250],
    ['19.999', 19999],
    ['3.14159', 3.14],
    ['0', 0],
  ])('reads %s as %s', (text, value) => {
    expect(parseDealValue(text)).toBe(value);
  });

  it.each([undefined, '', 'lots', '-5', '5 - 10', '1,2.3.4', '1.2,3,4', '5.', '9'.repeat(13), '1e9', '5 to 10'])(
    'leaves %s without a value',
    (text) => {
      expect(parseDealValue(text)).toBeNull();
    },
  );
});
