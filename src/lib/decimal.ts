/**
 * Decimals as text, exactly. The spec says a price is a "decimal number; currency not stated": the
 * console neither rounds what the API sent nor restricts what a filter may say. A JSON number
 * arrives as a double; what the API sent is then the shortest decimal that reads back as that
 * double, which is what `String(value)` gives (ECMAScript's Number::toString), in exponent
 * notation past 1e21 and below 1e-6. Filters stay text from the box to the URL to the request, so
 * `min_price=0.1000000000000000000001` is sent as typed, not as the nearest double.
 */

/**
 * A finite number as plain decimal digits: an optional minus, digits, an optional point and more
 * digits; never an exponent (String(1e21) is "1e+21", String(1e-7) is "1e-7"). The digits are the
 * shortest round trip, so 19.999 is "19.999" and 0.1 + 0.2 is "0.30000000000000004". Not a number
 * or infinite: empty, though the API's schema already refuses those.
 */
export function plainDecimal(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Object.is(value, -0)) return '0';
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  return shiftPoint(sign, whole, fraction, Number(exponentText));
}

/** `sign whole.fraction × 10^exponent` as plain digits, without leading or trailing zeros. */
function shiftPoint(sign: string, whole: string, fraction: string, exponent: number): string {
  const digits = whole + fraction;
  // Where the decimal point falls within `digits` once the exponent is applied.
  const point = whole.length + exponent;
  let intPart: string;
  let fracPart: string;
  if (point <= 0) {
    intPart = '0';
    fracPart = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    intPart = digits + '0'.repeat(point - digits.length);
    fracPart = '';
  } else {
    intPart = digits.slice(0, point);
    fracPart = digits.slice(point);
  }
  intPart = intPart.replace(/^0+(?=\d)/, '');
  fracPart = fracPart.replace(/0+$/, '');
  const isZero = /^0*$/.test(intPart + fracPart);
  return `${isZero ? '' : sign}${intPart}${fracPart === '' ? '' : `.${fracPart}`}`;
}

/** What a price box or a `min_price=` link may hold: a JSON number, also `.5`, `5.` and `007`. */
const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Whether a text is written as a number (whatever its length once written out). */
export function isDecimalText(text: string): boolean {
  const match = DECIMAL_TEXT.exec(text.trim());
  return match !== null && `${match[2] ?? ''}${match[3] ?? ''}` !== '';
}

/**
 * The canonical plain decimal a text means, or undefined when it is not a number: "10.50" →
 * "10.5", ".5" → "0.5", "1e3" → "1000", "-0" → "0". Every digit typed is kept, so two texts
 * mean the same number exactly when their canonical forms are equal. An exponent that would make
 * more than `maxLength` characters is refused rather than expanded (`1e999999999`).
 */
export function canonicalDecimal(text: string, maxLength = 100_000): string | undefined {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponentText] = match;
  if (whole === '' && fraction === '') return undefined;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  // Bounds the expansion before it is built: a result is at least |exponent| characters long.
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > maxLength) return undefined;
  const result = shiftPoint(sign === '-' ? '-' : '', whole, fraction, exponent);
  return result.length > maxLength ? undefined : result;
}

/** Compares two canonical decimals (see canonicalDecimal) exactly: negative, zero or positive. */
export function compareDecimals(a: string, b: string): number {
  const negativeA = a.startsWith('-');
  const negativeB = b.startsWith('-');
  if (negativeA !== negativeB) return negativeA ? -1 : 1;
  const magnitude = compareMagnitudes(negativeA ? a.slice(1) : a, negativeB ? b.slice(1) : b);
  // 0 - 0 is 0, where -0 would be -0: equal negative values compare as 0, not -0.
  return negativeA ? 0 - magnitude : magnitude;
}

function compareMagnitudes(a: string, b: string): number {
  const [intA = '', fracA = ''] = a.split('.');
  const [intB = '', fracB = ''] = b.split('.');
  if (intA.length !== intB.length) return intA.length - intB.length;
  if (intA !== intB) return intA < intB ? -1 : 1;
  const width = Math.max(fracA.length, fracB.length);
  const paddedA = fracA.padEnd(width, '0');
  const paddedB = fracB.padEnd(width, '0');
  return paddedA === paddedB ? 0 : paddedA < paddedB ? -1 : 1;
}

/**
 * A price as shown: every decimal the API sent, at least two, thousands grouped with commas
 * ("1,234.50", "19.999", "0.30000000000000004", "-5.00"). The spec names no currency, so no
 * symbol; the UI contract fixes the en-US separators whatever the browser's language.
 */
export function formatDecimal(value: number): string {
  const plain = plainDecimal(value);
  if (plain === '') return String(value);
  const negative = plain.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction.padEnd(2, '0')}`;
}
