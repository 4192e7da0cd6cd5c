// Exact decimals for the explorer's deep zoom: a value is m * 10^e with m
// a BigInt and e a whole number. The map's centre and width are decimal
// text of any length ("-1.7499...", "4e-5000"); Leaflet's coordinates are
// doubles relative to that anchor, and a double is an exact dyadic
// rational, so anchor + offset * width is computed here without rounding,
// then rounded once to as many digits as the view needs.

const TEN = 10n;

function pow10(n) {
  return TEN ** BigInt(n);
}

function digits(m) {
  return (m < 0n ? -m : m).toString().length;
}

export class Dec {
  constructor(m, e) {
    this.m = m;
    this.e = e;
  }

  static zero() {
    return new Dec(0n, 0);
  }

  // Decimal text: "-0.75", "+3", ".5", "1e-400", "1.5E+3", "12".
  static parse(text) {
    const s = String(text).trim();
    const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s);
    if (!match || (match[2] === '' && (match[3] === undefined || match[3] === ''))) {
      throw new Error(`not a decimal number: "${text}"`);
    }
    const int = match[2] || '';
    const frac = match[3] || '';
    const exp = match[4] ? parseInt(match[4], 10) : 0;
    if (!Number.isFinite(exp) || Math.abs(exp) > 1e8) {
      throw new Error(`exponent out of range: "${text}"`);
    }
    let m = BigInt((int + frac).replace(/^0+(?=\d)/, '') || '0');
    if (match[1] === '-') m = -m;
    return new Dec(m, exp - frac.length).normalize();
  }

  // The exact value of a finite double.
  static fromDouble(x) {
    if (!Number.isFinite(x)) throw new Error(`not a finite number: ${x}`);
    if (x === 0) return Dec.zero();
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, x);
    const hi = view.getUint32(0);
    const lo = view.getUint32(4);
    const sign = hi >>> 31 ? -1n : 1n;
    const biased = (hi >>> 20) & 0x7ff;
    let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
    let exp2;
    if (biased === 0) {
      exp2 = -1074; // subnormal
    } else {
      mant |= 1n << 52n;
      exp2 = biased - 1075;
    }
    // x = sign * mant * 2^exp2
    if (exp2 >= 0) return new Dec(sign * (mant << BigInt(exp2)), 0).normalize();
    // 2^-k = 5^k / 10^k
    return new Dec(sign * mant * 5n ** BigInt(-exp2), exp2).normalize();
  }

  normalize() {
    if (this.m === 0n) return new Dec(0n, 0);
    let m = this.m;
    let e = this.e;
    while (m % TEN === 0n) {
      m /= TEN;
      e += 1;
    }
    return new Dec(m, e);
  }

  isZero() {
    return this.m === 0n;
  }

  sign() {
    return this.m < 0n ? -1 : this.m > 0n ? 1 : 0;
  }

  neg() {
    return new Dec(-this.m, this.e);
  }

  add(b) {
    if (this.m === 0n) return b;
    if (b.m === 0n) return this;
    const e = Math.min(this.e, b.e);
    const m = this.m * pow10(this.e - e) + b.m * pow10(b.e - e);
    return new Dec(m, e).normalize();
  }

  sub(b) {
    return this.add(b.neg());
  }

  mul(b) {
    return new Dec(this.m * b.m, this.e + b.e).normalize();
  }

  // this * 2^k, exactly.
  mulPow2(k) {
    if (k >= 0) return new Dec(this.m << BigInt(k), this.e).normalize();
    return new Dec(this.m * 5n ** BigInt(-k), this.e + k).normalize();
  }

  // Rounded (half away from zero) to a multiple of 10^e0.
  roundTo(e0) {
    if (this.e >= e0) return this;
    const div = pow10(e0 - this.e);
    const neg = this.m < 0n;
    const a = neg ? -this.m : this.m;
    let q = a / div;
    if ((a % div) * 2n >= div) q += 1n;
    return new Dec(neg ? -q : q, e0).normalize();
  }

  // Rounded to n significant digits.
  roundSig(n) {
    if (this.m === 0n) return this;
    return this.roundTo(this.e + digits(this.m) - n);
  }

  // Position of the leading digit: floor(log10(|x|)).
  magnitude() {
    if (this.m === 0n) return -Infinity;
    return this.e + digits(this.m) - 1;
  }

  // log2(|x|) as a double, for any exponent (no underflow).
  log2() {
    if (this.m === 0n) return -Infinity;
    const s = (this.m < 0n ? -this.m : this.m).toString();
    const lead = Number(s.slice(0, 17));
    const e10 = this.e + s.length - Math.min(17, s.length);
    return Math.log2(lead) + e10 * Math.log2(10);
  }

  // A double near the value (0 or Infinity beyond a double's range).
  toNumber() {
    return Number(this.toExponential());
  }

  cmp(b) {
    return this.sub(b).sign();
  }

  // Scientific notation: "4e-45", "-1.2345e+3" style without the plus.
  toExponential() {
    if (this.m === 0n) return '0';
    const neg = this.m < 0n;
    const s = (neg ? -this.m : this.m).toString();
    const exp = this.e + s.length - 1;
    const mant = s.length > 1 ? `${s[0]}.${s.slice(1)}` : s;
    return `${neg ? '-' : ''}${mant}${exp !== 0 ? `e${exp}` : ''}`;
  }

  // Plain decimal where that is short enough, scientific otherwise.
  toString() {
    if (this.m === 0n) return '0';
    const neg = this.m < 0n;
    const s = (neg ? -this.m : this.m).toString();
    const p = s.length + this.e; // digits before the point
    let out;
    if (this.e >= 0) {
      if (p > 21) return this.toExponential();
      out = s + '0'.repeat(this.e);
    } else if (p > 0) {
      out = `${s.slice(0, p)}.${s.slice(p)}`;
    } else if (p > -8) {
      out = `0.${'0'.repeat(-p)}${s}`;
    } else {
      return this.toExponential();
    }
    return (neg ? '-' : '') + out;
  }
}

// "RE,IM" into two decimals.
export function parseComplex(text) {
  const parts = String(text).split(',');
  if (parts.length !== 2) throw new Error(`expected RE,IM: "${text}"`);
  return [Dec.parse(parts[0]), Dec.parse(parts[1])];
}

export function complexText(re, im) {
  return `${re.toString()},${im.toString()}`;
}
