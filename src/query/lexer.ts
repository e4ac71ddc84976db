/**
 * Tokenizer for the query predicate language (`where`). Keywords are not recognised here: they
 * are plain identifiers that the parser interprets by position, so a field may be called `key`,
 * `in` or `not` without confusing the grammar.
 */

export type TokenKind = 'ident' | 'string' | 'number' | 'variable' | 'op' | '(' | ')' | ',' | 'eof';

export interface Token {
  kind: TokenKind;
  /** Identifier, operator or variable name as written; decoded content for strings; source text for numbers. */
  text: string;
  /** 0-based offset of the token's first character in the predicate. */
  pos: number;
}

/** A malformed predicate; `pos` is the 0-based offset of the offending character. */
export class PredicateSyntaxError extends Error {
  readonly pos: number;
  readonly expected: string;

  constructor(pos: number, expected: string) {
    super(`expected ${expected}`);
    this.name = 'PredicateSyntaxError';
    this.pos = pos;
    this.expected = expected;
  }
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '/': '/', '\\': '\\', '"': '"', "'": "'" };

const isIdentStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
// Custom field and attribute names may contain digits, `_` and `-` (the platform's name pattern).
const isIdentPart = (c: string) => isIdentStart(c) || isDigit(c) || c === '-';
const isDigit = (c: string) => c >= '0' && c <= '9';
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source.charAt(i);
    if (isSpace(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: c, text: c, pos: i });
      i++;
    } else if (c === '"' || c === "'") {
      i = readString(source, i, tokens);
    } else if (isDigit(c) || (c === '-' && isDigit(source.charAt(i + 1)))) {
      i = readNumber(source, i, tokens);
    } else if (isIdentStart(c)) {
      const start = i;
      while (i < source.length && isIdentPart(source.charAt(i))) i++;
      tokens.push({ kind: 'ident', text: source.slice(start, i), pos: start });
    } else if (c === ':') {
      i = readVariable(source, i, tokens);
    } else {
      i = readOperator(source, i, tokens);
    }
  }
  tokens.push({ kind: 'eof', text: '', pos: source.length });
  return tokens;
}

function readString(source: string, start: number, tokens: Token[]): number {
  const quote = source.charAt(start);
  let text = '';
  let i = start + 1;
  while (i < source.length) {
    const c = source.charAt(i);
    if (c === quote) {
      tokens.push({ kind: 'string', text, pos: start });
      return i + 1;
    }
    if (c !== '\\') {
      text += c;
      i++;
      continue;
    }
    const next = source.charAt(i + 1);
    if (next === 'u') {
      const hex = source.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new PredicateSyntaxError(i + 1, 'a unicode escape of four hex digits');
      text += String.fromCharCode(parseInt(hex, 16));
      i += 6;
    } else if (next === '') {
      break;
    } else {
      // An unknown escape keeps the escaped character, so `\.` reads as `.`.
      text += ESCAPES[next] ?? next;
      i += 2;
    }
  }
  throw new PredicateSyntaxError(source.length, `closing quote ${quote} of the string starting at column ${start + 1}`);
}

function readNumber(source: string, start: number, tokens: Token[]): number {
  const match = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(source.slice(start));
  const text = match?.[0] ?? '';
  const end = start + text.length;
  // `12abc` is neither a number nor a field name: report it rather than split it silently.
  if (end < source.length && (isIdentStart(source.charAt(end)) || source.charAt(end) === '.')) {
    throw new PredicateSyntaxError(end, "a digit, an operator, ',' or ')'");
  }
  tokens.push({ kind: 'number', text, pos: start });
  return end;
}

function readVariable(source: string, start: number, tokens: Token[]): number {
  let i = start + 1;
  while (i < source.length && /[a-zA-Z0-9]/.test(source.charAt(i))) i++;
  if (i === start + 1) throw new PredicateSyntaxError(start + 1, 'input variable name');
  tokens.push({ kind: 'variable', text: source.slice(start + 1, i), pos: start });
  return i;
}

function readOperator(source: string, start: number, tokens: Token[]): number {
  const two = source.slice(start, start + 2);
  if (two === '!=' || two === '<>' || two === '<=' || two === '>=') {
    tokens.push({ kind: 'op', text: two, pos: start });
    return start + 2;
  }
  const one = source.charAt(start);
  if (one === '=' || one === '<' || one === '>') {
    tokens.push({ kind: 'op', text: one, pos: start });
    return start + 1;
  }
  if (one === '!') throw new PredicateSyntaxError(start + 1, "'='");
  throw new PredicateSyntaxError(start, "field name, operator, value, '(', ')' or ','");
}
