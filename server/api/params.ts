/**
 * Query-string validation for the contract: 400 for malformed values, 422 for a
 * well-formed value outside an enum (the message lists the allowed values).
 */
import { ApiError, shown, validationError } from './errors';
import { UUID_PATTERN } from '../../contract/uuid';

export { UUID_PATTERN };

export class Query {
  constructor(private readonly params: URLSearchParams) {}

  static fromUrl(url: string) {
    const q = url.indexOf('?');
    // URLSearchParams never throws: a bad %-sequence stays literal and then fails validation.
    return new Query(new URLSearchParams(q < 0 ? '' : url.slice(q + 1)));
  }

  all(name: string): string[] {
    return this.params.getAll(name);
  }

  /** A single-valued parameter: given twice is ambiguous, so it is an error. */
  one(name: string): string | undefined {
    const values = this.params.getAll(name);
    if (values.length > 1) throw validationError(`Give "${name}" at most once; it was given ${values.length} times.`, { parameter: name });
    if (values.length === 1 && values[0] === '')
      throw validationError(`"${name}" is empty; give a value or leave it out.`, { parameter: name });
    return values[0];
  }

  required(name: string): string {
    const v = this.one(name);
    if (v === undefined) throw validationError(`"${name}" is required.`, { parameter: name });
    return v;
  }

  uuid(name: string, required: true): string;
  uuid(name: string, required?: false): string | undefined;
  uuid(name: string, required = false) {
    const v = required ? this.required(name) : this.one(name);
    if (v !== undefined && !UUID_PATTERN.test(v)) {
      throw validationError(`"${name}" must be a UUID such as c6496676-d7cb-11e8-824f-0242ac160002; got ${shown(v)}.`, { parameter: name });
    }
    return v?.toLowerCase();
  }

  limit(max: number, fallback: number): number {
    const v = this.one('limit');
    if (v === undefined) return fallback;
    if (!/^\d{1,7}$/.test(v) || Number(v) < 1 || Number(v) > max) {
      throw validationError(`"limit" must be a whole number from 1 to ${max}; got ${shown(v)}.`, { parameter: 'limit', min: 1, max });
    }
    return Number(v);
  }

  enumOne<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const v = this.one(name);
    if (v !== undefined) checkEnum(name, v, allowed);
    return v as T | undefined;
  }

  enumMany<T extends string>(name: string, allowed: readonly T[]): T[] {
    const values = this.all(name);
    for (const v of values) checkEnum(name, v, allowed);
    return values as T[];
  }

  boolean(name: string, fallback: boolean): boolean {
    const v = this.one(name);
    if (v === undefined) return fallback;
    if (v !== 'true' && v !== 'false') throw validationError(`"${name}" must be true or false; got ${shown(v)}.`, { parameter: name });
    return v === 'true';
  }

  /** A number in [min, max] (e.g. minJaccardScore 0.0–1.0). */
  number(name: string, min: number, max: number): number | undefined {
    const v = this.one(name);
    if (v === undefined) return undefined;
    const n = /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(v) ? Number(v) : NaN;
    if (!(n >= min && n <= max)) {
      throw validationError(`"${name}" must be a number from ${min.toFixed(1)} to ${max.toFixed(1)}; got ${shown(v)}.`, {
        parameter: name,
        min,
        max,
      });
    }
    return n;
  }

  /** A bounded free-text parameter. */
  text(name: string, maxLength: number): string | undefined {
    const v = this.one(name);
    if (v !== undefined && [...v].length > maxLength) {
      throw validationError(`"${name}" must be at most ${maxLength} characters; it has ${[...v].length}.`, { parameter: name, maxLength });
    }
    return v;
  }
}

/** A value that must be one of a list: 422 naming the list (query parameters and JSON bodies alike). */
export function checkEnum(name: string, value: string, allowed: readonly string[]) {
  if (!allowed.includes(value)) {
    throw new ApiError(422, 'ValidationError', `"${name}" must be one of: ${allowed.join(', ')}; got ${shown(value)}.`, {
      parameter: name,
      allowed,
    });
  }
}
