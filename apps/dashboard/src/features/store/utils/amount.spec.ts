import { describe, expect, test } from '@jest/globals';
import { formatAmount, fromMinorUnits, toMinorUnits } from './amount';

describe('store amounts', () => {
  test('minor units shown in the currency', () => {
    expect(formatAmount(999, 'usd', 'en-US')).toBe('$9.99');
    expect(formatAmount(1200, 'JPY', 'en-US')).toBe('¥1,200');
    expect(formatAmount(null, 'USD', 'en-US')).toBe('—');
    expect(formatAmount(500, null, 'en-US')).toBe('500');
  });

  test('typed amounts become minor units, by the currency', () => {
    expect(toMinorUnits('9.99', 'USD')).toBe(999);
    expect(toMinorUnits('9,5', 'eur')).toBe(950);
    expect(toMinorUnits('10', 'USD')).toBe(1000);
    expect(toMinorUnits('1200', 'JPY')).toBe(1200);
    expect(toMinorUnits('12.5', 'JPY')).toBeNaN();
    expect(toMinorUnits('9.999', 'USD')).toBeNaN();
    expect(toMinorUnits('-1', 'USD')).toBeNaN();
    expect(toMinorUnits(' ', 'USD')).toBeNull();
  });

  test('minor units back to the form text', () => {
    expect(fromMinorUnits(999, 'USD')).toBe('9.99');
    expect(fromMinorUnits(5, 'USD')).toBe('0.05');
    expect(fromMinorUnits(1200, 'JPY')).toBe('1200');
    expect(fromMinorUnits(null, 'USD')).toBe('');
  });
});
