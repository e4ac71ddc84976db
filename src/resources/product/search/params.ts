/** Parameter parsing shared by the search endpoints, with the platform's 400 InvalidInput messages. */
import { errors } from '../../../http/errors.js';

export function booleanParam(params: URLSearchParams, name: string): boolean | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw errors.invalidInput(`Malformed parameter: ${name}: the value '${raw}' must be true or false.`);
}

export function integerParam(params: URLSearchParams, name: string, fallback: number, max: number, min = 0): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw errors.invalidInput(`Malformed parameter: ${name}: the value '${raw}' must be an integer between ${min} and ${max}.`);
  }
  return value;
}

const LOCALE = /^[a-z]{2}(-[A-Z]{2})?$/;

export function assertLocale(locale: string, parameter: string): void {
  if (!LOCALE.test(locale))
    throw errors.invalidInput(`Malformed parameter: ${parameter}: '${locale}' is not a valid locale (e.g. en, en-US).`);
}

/** Query string and form body together (the POST variant of a search takes its parameters in the body). */
export function mergedParams(query: URLSearchParams, body: URLSearchParams | undefined): URLSearchParams {
  if (!body || [...body.keys()].length === 0) return query;
  const merged = new URLSearchParams(query);
  for (const [name, value] of body) merged.append(name, value);
  return merged;
}
