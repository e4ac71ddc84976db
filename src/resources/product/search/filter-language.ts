/**
 * The filter and facet expression language of product projection search (reference §7):
 *
 *   filter := path ':' value (',' value)*
 *   value  := "string" | number | true | false | exists | missing | subtree("id") | range range (',' range)*
 *   range  := '(' bound 'to' bound ')'        bound := number | "string" | *
 *   facet  := path [':' value (',' value)*] { as alias | counting products }
 *
 * A facet without values is a term facet, with `range` values a range facet, with other values a
 * filter facet. Several values of one expression are alternatives (or); several expressions of one
 * parameter kind must all hold (and).
 */
import { errors } from '../../../http/errors.js';

export type Bound = number | string | undefined;

export interface RangeTerm {
  kind: 'range';
  from: Bound;
  to: Bound;
  /** The bounds as written (`*` is ''), for facet results. */
  fromText: string;
  toText: string;
}

export type Term =
  | { kind: 'value'; value: string | number | boolean }
  | { kind: 'subtree'; id: string }
  | { kind: 'exists' }
  | { kind: 'missing' }
  | RangeTerm;

export interface FilterExpression {
  /** The expression as written. */
  source: string;
  path: string;
  terms: Term[];
}

export interface FacetExpression extends FilterExpression {
  /** The key of the facet in the response: the alias, or the expression as written. */
  key: string;
  type: 'terms' | 'range' | 'filter';
  countingProducts: boolean;
}

class SyntaxProblem extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

type Token =
  | { type: 'string'; value: string; start: number; end: number }
  | { type: 'number'; value: number; text: string; start: number; end: number }
  | { type: 'word'; value: string; start: number; end: number }
  | { type: 'punct'; value: ':' | ',' | '(' | ')' | '*'; start: number; end: number }
  | { type: 'end'; start: number; end: number };

function lex(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (c === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= source.length) throw new SyntaxProblem('Unterminated string literal', start);
        const d = source[i]!;
        if (d === '\\') {
          const next = source[i + 1];
          if (next === undefined) throw new SyntaxProblem('Unterminated string literal', start);
          value += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          i += 2;
          continue;
        }
        if (d === '"') break;
        value += d;
        i++;
      }
      i++;
      tokens.push({ type: 'string', value, start, end: i });
      continue;
    }
    const number = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(source.slice(i));
    if (number && (c === '-' || /\d/.test(c))) {
      // A number unless it runs on into a word (an alias such as `2-for-1`).
      const after = source[i + number[0].length];
      if (after === undefined || !/[A-Za-z_]/.test(after)) {
        i += number[0].length;
        tokens.push({ type: 'number', value: Number(number[0]), text: number[0], start, end: i });
        continue;
      }
    }
    if (/[A-Za-z0-9_]/.test(c)) {
      const word = /^[A-Za-z0-9_][A-Za-z0-9_.-]*/.exec(source.slice(i))![0];
      i += word.length;
      tokens.push({ type: 'word', value: word, start, end: i });
      continue;
    }
    if (c === ':' || c === ',' || c === '(' || c === ')' || c === '*') {
      i++;
      tokens.push({ type: 'punct', value: c, start, end: i });
      continue;
    }
    throw new SyntaxProblem(`Unexpected character '${c}'`, i);
  }
  tokens.push({ type: 'end', start: source.length, end: source.length });
  return tokens;
}

function describeToken(token: Token): string {
  switch (token.type) {
    case 'end':
      return 'the end of the expression';
    case 'string':
      return `"${token.value}"`;
    case 'number':
      return token.text;
    default:
      return `'${token.value}'`;
  }
}

class Parser {
  private index = 0;
  constructor(
    readonly source: string,
    private readonly tokens: Token[],
  ) {}

  peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)]!;
  }

  next(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.index++;
    return token;
  }

  isPunct(value: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === 'punct' && token.value === value;
  }

  isWord(value: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === 'word' && token.value === value;
  }

  expectPunct(value: string, what: string): Token {
    const token = this.next();
    if (token.type !== 'punct' || token.value !== value)
      throw new SyntaxProblem(`Expected ${what} but found ${describeToken(token)}`, token.start);
    return token;
  }

  path(): string {
    const token = this.next();
    if (token.type !== 'word') throw new SyntaxProblem(`Expected a field path but found ${describeToken(token)}`, token.start);
    if (token.value.endsWith('.') || token.value.includes('..'))
      throw new SyntaxProblem(`Invalid field path '${token.value}'`, token.start);
    return token.value;
  }

  /** The values after `:`, up to a token that cannot continue them. */
  terms(): Term[] {
    const terms: Term[] = [];
    for (;;) {
      terms.push(...this.term());
      if (!this.isPunct(',')) break;
      this.next();
    }
    return terms;
  }

  private term(): Term[] {
    const token = this.next();
    switch (token.type) {
      case 'string':
        return [{ kind: 'value', value: token.value }];
      case 'number':
        return [{ kind: 'value', value: token.value }];
      case 'word':
        switch (token.value) {
          case 'true':
          case 'false':
            return [{ kind: 'value', value: token.value === 'true' }];
          case 'exists':
            return [{ kind: 'exists' }];
          case 'missing':
            return [{ kind: 'missing' }];
          case 'subtree': {
            this.expectPunct('(', "'(' after subtree");
            const id = this.next();
            if (id.type !== 'string') throw new SyntaxProblem(`Expected a category id in quotes but found ${describeToken(id)}`, id.start);
            this.expectPunct(')', "')'");
            return [{ kind: 'subtree', id: id.value }];
          }
          case 'range': {
            const ranges = [this.range()];
            // `range (0 to 100), (100 to *)`: more parenthesised ranges after commas.
            while (this.isPunct(',') && this.isPunct('(', 1)) {
              this.next();
              ranges.push(this.range());
            }
            return ranges;
          }
          default:
            throw new SyntaxProblem(
              `Unexpected ${describeToken(token)}: values are quoted strings, numbers, true, false, exists, missing, subtree("id") or range (from to to)`,
              token.start,
            );
        }
      default:
        throw new SyntaxProblem(`Expected a value but found ${describeToken(token)}`, token.start);
    }
  }

  private range(): RangeTerm {
    this.expectPunct('(', "'(' to open a range");
    const [from, fromText] = this.bound();
    const to = this.next();
    if (to.type !== 'word' || to.value !== 'to') throw new SyntaxProblem(`Expected 'to' but found ${describeToken(to)}`, to.start);
    const [upper, toText] = this.bound();
    this.expectPunct(')', "')' to close the range");
    return { kind: 'range', from, to: upper, fromText, toText };
  }

  private bound(): [Bound, string] {
    const token = this.next();
    if (token.type === 'punct' && token.value === '*') return [undefined, ''];
    if (token.type === 'number') return [token.value, token.text];
    if (token.type === 'string') return [token.value, token.value];
    throw new SyntaxProblem(`Expected a number, a quoted string or * as a range bound but found ${describeToken(token)}`, token.start);
  }

  end(): void {
    const token = this.peek();
    if (token.type !== 'end') throw new SyntaxProblem(`Unexpected ${describeToken(token)} after the expression`, token.start);
  }

  /** The source text up to (not including) the next token. */
  sourceSoFar(): string {
    return this.source.slice(0, this.tokens[this.index - 1]?.end ?? 0).trim();
  }
}

function malformed(parameter: string, source: string, problem: unknown): never {
  if (problem instanceof SyntaxProblem) {
    throw errors.invalidInput(
      `Malformed parameter: ${parameter}: Syntax error while parsing '${source}': ${problem.message} at position ${problem.position + 1}.`,
    );
  }
  throw problem;
}

/** Parses one `filter`, `filter.query` or `filter.facets` value; 400 InvalidInput naming the problem. */
export function parseFilter(source: string, parameter: string): FilterExpression {
  try {
    const parser = new Parser(source, lex(source));
    const path = parser.path();
    if (!parser.isPunct(':'))
      throw new SyntaxProblem(
        `Expected ':' and a value after the field path '${path}' but found ${describeToken(parser.peek())}`,
        parser.peek().start,
      );
    parser.next();
    const terms = parser.terms();
    parser.end();
    return { source: source.trim(), path, terms };
  } catch (problem) {
    malformed(parameter, source, problem);
  }
}

/** Parses one `facet` value. */
export function parseFacet(source: string): FacetExpression {
  try {
    const parser = new Parser(source, lex(source));
    const path = parser.path();
    let terms: Term[] = [];
    if (parser.isPunct(':')) {
      parser.next();
      terms = parser.terms();
    }
    const expression = parser.sourceSoFar();
    let alias: string | undefined;
    let countingProducts = false;
    for (;;) {
      if (parser.isWord('as')) {
        parser.next();
        const name = parser.next();
        if (name.type !== 'word' && name.type !== 'string' && name.type !== 'number') {
          throw new SyntaxProblem(`Expected an alias after 'as' but found ${describeToken(name)}`, name.start);
        }
        alias = name.type === 'number' ? name.text : String(name.value);
        continue;
      }
      if (parser.isWord('counting')) {
        parser.next();
        const products = parser.next();
        if (products.type !== 'word' || products.value !== 'products')
          throw new SyntaxProblem(`Expected 'products' after 'counting' but found ${describeToken(products)}`, products.start);
        countingProducts = true;
        continue;
      }
      break;
    }
    parser.end();
    const ranges = terms.filter((term) => term.kind === 'range');
    if (ranges.length > 0 && ranges.length !== terms.length) {
      throw new SyntaxProblem('A range facet takes ranges only', 0);
    }
    const type = terms.length === 0 ? 'terms' : ranges.length > 0 ? 'range' : 'filter';
    return { source: source.trim(), path, terms, key: alias ?? expression, type, countingProducts };
  } catch (problem) {
    malformed('facet', source, problem);
  }
}
