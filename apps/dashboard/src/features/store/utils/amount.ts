// Store amounts arrive in minor units (cents) with an ISO 4217 currency; the
// console shows and takes them in the currency's own units ("$9.99", "¥1,200").

/** How many minor units a currency has: 2 for USD, 0 for JPY, 3 for KWD (the browser's ICU data). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "$9.99" from 999 and "usd"; without a currency the bare number of minor units; null as "—". */
export function formatAmount(amount: number | null, currency: string | null, locale?: string): string {
  if (amount === null) return '—';
  if (!currency) return new Intl.NumberFormat(locale).format(amount);
  const code = currency.toUpperCase();
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(
      amount / 10 ** currencyDigits(code),
    );
  } catch {
    return `${new Intl.NumberFormat(locale).format(amount)} ${code}`;
  }
}

/**
 * The minor units of an amount typed in the currency's units ("9.99" → 999,
 * "1200" JPY → 1200); blank → null; NaN for what is not such an amount
 * (letters, more decimals than the currency has, negative).
 */
export function toMinorUnits(text: string, currency: string | null): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const digits = currency && /^[A-Za-z]{3}$/.test(currency.trim()) ? currencyDigits(currency.trim().toUpperCase()) : 2;
  const match = /^(\d{1,13})(?:\.(\d+))?$/.exec(trimmed);
  if (!match || (match[2]?.length ?? 0) > digits) return Number.NaN;
  const fraction = (match[2] ?? '').padEnd(digits, '0');
  return Number(match[1]) * 10 ** digits + (digits > 0 ? Number(fraction) : 0);
}

/** The text the form shows for `amount` minor units: 999 USD → "9.99"; null → "". */
export function fromMinorUnits(amount: number | null, currency: string | null): string {
  if (amount === null) return '';
  const digits = currency ? currencyDigits(currency.toUpperCase()) : 2;
  if (digits === 0) return String(amount);
  const whole = Math.floor(amount / 10 ** digits);
  const fraction = String(amount % 10 ** digits).padStart(digits, '0');
  return `${whole}.${fraction}`;
}
