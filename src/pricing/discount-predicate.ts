/**
 * The discount predicate language (product discounts, and the same operators in cart discount and
 * shipping predicates): dotted field identifiers, unlike `where`. Parsed once, evaluated against a
 * resolver that maps a field path to its value, so each discount kind supplies its own fields.
 *
 * Grammar:
 *   predicate  := or
 *   or         := and ('or' and)*
 *   and        := unary ('and' unary)*
 *   unary      := 'not' unary | '(' predicate ')' | 'true' | 'false' | condition
 *   condition  := operand ( op operand
 *                         | 'not'? 'in' '(' literals ')'
 *                         | 'contains' ('any' | 'all')? ( '(' literals ')' | literal )
 *                         | 'is' 'not'? ('defined' | 'empty') )
 *   operand    := path | literal          path := ident ('.' ident)*
 *   op         := = | != | <> | < | > | <= | >=
 *
 * Values: strings (single or double quotes), numbers, `true`/`false`. A string of the form
 * `"10.00 EUR"` compared with a money value compares amounts. An enum value (`{key, label}`) compares
 * by its key. A multi-valued field (an array) matches `=`/`in` when any element does.
 */
import { type Money, parseMoneyString } from './money.js';

export class DiscountPredicateError extends Error {
  constructor(
    readonly predicate: string,
    readonly position: number,
    detail: string,
  ) {
    super(`Syntax error while parsing predicate '${predicate}' at position ${position}: ${detail}`);
    this.name = 'DiscountPredicateError';
  }
}

type Token =
  | { kind: 'ident'; text: string; pos: number }
  | { kind: 'string'; value: string; pos: number }
  | { kind: 'number'; value: number; pos: number }
  | { kind: 'op'; text: string; pos: number }
  | { kind: '(' | ')' | ',' | '.' | 'eof'; pos: number };

type Literal = string | number | boolean;

export type Operand = { kind: 'path'; path: string[] } | { kind: 'literal'; value: Literal };

export type DiscountPredicateNode =
  | { kind: 'and' | 'or'; operands: DiscountPredicateNode[] }
  | { kind: 'not'; operand: DiscountPredicateNode }
  | { kind: 'const'; value: boolean }
  | { kind: 'compare'; op: string; left: Operand; right: Operand }
  | { kind: 'in'; negated: boolean; operand: Operand; values: Literal[] }
  | { kind: 'contains'; mode: 'one' | 'any' | 'all'; operand: Operand; values: Literal[] }
  | { kind: 'is'; negated: boolean; test: 'defined' | 'empty'; operand: Operand };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (pos: number, detail: string) => {
    throw new DiscountPredicateError(source, pos, detail);
  };
  while (i < source.length) {
    const c = source.charAt(i);
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === ',' || c === '.') {
      tokens.push({ kind: c, pos: i });
      i++;
    } else if (c === '"' || c === "'") {
      let value = '';
      let j = i + 1;
      for (; j < source.length && source.charAt(j) !== c; j++) {
        if (source.charAt(j) === '\\' && j + 1 < source.length) j++;
        value += source.charAt(j);
      }
      if (j >= source.length) fail(i, 'unterminated string');
      tokens.push({ kind: 'string', value, pos: i });
      i = j + 1;
    } else if (/[0-9]/.test(c) || (c === '-' && /[0-9]/.test(source.charAt(i + 1)))) {
      const match = /^-?\d+(\.\d+)?/.exec(source.slice(i))!;
      tokens.push({ kind: 'number', value: Number(match[0]), pos: i });
      i += match[0].length;
    } else if (/[A-Za-z_]/.test(c)) {
      const match = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(source.slice(i))!;
      tokens.push({ kind: 'ident', text: match[0], pos: i });
      i += match[0].length;
    } else {
      const two = source.slice(i, i + 2);
      if (two === '!=' || two === '<>' || two === '<=' || two === '>=') {
        tokens.push({ kind: 'op', text: two === '<>' ? '!=' : two, pos: i });
        i += 2;
      } else if (c === '=' || c === '<' || c === '>') {
        tokens.push({ kind: 'op', text: c, pos: i });
        i++;
      } else {
        fail(i, `unexpected character '${c}'`);
      }
    }
  }
  tokens.push({ kind: 'eof', pos: source.length });
  return tokens;
}

class Parser {
  private index = 0;
  constructor(
    private readonly source: string,
    private readonly tokens: Token[],
  ) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)]!;
  }
  private next(): Token {
    return this.tokens[this.index++]!;
  }
  private fail(detail: string, token = this.peek()): never {
    throw new DiscountPredicateError(this.source, token.pos, detail);
  }
  private isWord(word: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind === 'ident' && token.text.toLowerCase() === word;
  }
  private expect(kind: Token['kind']): Token {
    const token = this.next();
    if (token.kind !== kind) this.fail(`expected '${kind}'`, token);
    return token;
  }

  parse(): DiscountPredicateNode {
    if (this.peek().kind === 'eof') this.fail('the predicate is empty');
    const node = this.or();
    if (this.peek().kind !== 'eof') this.fail('expected the end of the predicate, and, or');
    return node;
  }

  private or(): DiscountPredicateNode {
    const operands = [this.and()];
    while (this.isWord('or')) {
      this.next();
      operands.push(this.and());
    }
    return operands.length === 1 ? operands[0]! : { kind: 'or', operands };
  }

  private and(): DiscountPredicateNode {
    const operands = [this.unary()];
    while (this.isWord('and')) {
      this.next();
      operands.push(this.unary());
    }
    return operands.length === 1 ? operands[0]! : { kind: 'and', operands };
  }

  private unary(): DiscountPredicateNode {
    if (this.isWord('not')) {
      this.next();
      return { kind: 'not', operand: this.unary() };
    }
    if (this.peek().kind === '(') {
      this.next();
      const inner = this.or();
      this.expect(')');
      return inner;
    }
    const boundary = this.peek(1);
    const standalone =
      boundary.kind === 'eof' ||
      boundary.kind === ')' ||
      (boundary.kind === 'ident' && ['and', 'or'].includes(boundary.text.toLowerCase()));
    if ((this.isWord('true') || this.isWord('false')) && standalone) {
      return { kind: 'const', value: (this.next() as { text: string }).text.toLowerCase() === 'true' };
    }
    return this.condition();
  }

  private condition(): DiscountPredicateNode {
    const operand = this.operand();
    const token = this.peek();
    if (token.kind === 'op') {
      this.next();
      return { kind: 'compare', op: token.text, left: operand, right: this.operand() };
    }
    if (this.isWord('not') && this.isWord('in', 1)) {
      this.next();
      this.next();
      return { kind: 'in', negated: true, operand, values: this.literalList() };
    }
    if (this.isWord('in')) {
      this.next();
      return { kind: 'in', negated: false, operand, values: this.literalList() };
    }
    if (this.isWord('contains')) {
      this.next();
      let mode: 'one' | 'any' | 'all' = 'one';
      if (this.isWord('any') || this.isWord('all')) mode = (this.next() as { text: string }).text.toLowerCase() as 'any' | 'all';
      const values = this.peek().kind === '(' ? this.literalList() : [this.literal()];
      return { kind: 'contains', mode, operand, values };
    }
    if (this.isWord('is')) {
      this.next();
      let negated = false;
      if (this.isWord('not')) {
        this.next();
        negated = true;
      }
      if (this.isWord('defined') || this.isWord('empty')) {
        return { kind: 'is', negated, test: (this.next() as { text: string }).text.toLowerCase() as 'defined' | 'empty', operand };
      }
      this.fail("expected 'defined' or 'empty'");
    }
    this.fail('expected an operator (=, !=, <, >, <=, >=, in, not in, contains, is)');
  }

  private operand(): Operand {
    const token = this.peek();
    if (token.kind === 'ident' && !['true', 'false'].includes(token.text.toLowerCase())) {
      const path = [(this.next() as { text: string }).text];
      while (this.peek().kind === '.') {
        this.next();
        const part = this.next();
        if (part.kind === 'ident') path.push(part.text);
        else if (part.kind === 'number') path.push(String(part.value));
        else this.fail('expected a field name after .', part);
      }
      return { kind: 'path', path };
    }
    return { kind: 'literal', value: this.literal() };
  }

  private literal(): Literal {
    const token = this.next();
    if (token.kind === 'string' || token.kind === 'number') return token.value;
    if (token.kind === 'ident' && ['true', 'false'].includes(token.text.toLowerCase())) return token.text.toLowerCase() === 'true';
    this.fail('expected a value', token);
  }

  private literalList(): Literal[] {
    this.expect('(');
    const values = [this.literal()];
    while (this.peek().kind === ',') {
      this.next();
      values.push(this.literal());
    }
    this.expect(')');
    return values;
  }
}

export function parseDiscountPredicate(source: string): DiscountPredicateNode {
  return new Parser(source, tokenize(source)).parse();
}

/** Looks up a field path (`['product', 'id']`, `['attributes', 'color', 'key']`); undefined when absent. */
export type FieldResolver = (path: readonly string[]) => unknown;

export type CompiledDiscountPredicate = (resolve: FieldResolver) => boolean;

/** Parses and compiles a predicate; throws DiscountPredicateError on a syntax error. */
export function compileDiscountPredicate(source: string): CompiledDiscountPredicate {
  const tree = parseDiscountPredicate(source);
  return (resolve) => evaluate(tree, resolve);
}

export function evaluate(node: DiscountPredicateNode, resolve: FieldResolver): boolean {
  switch (node.kind) {
    case 'const':
      return node.value;
    case 'and':
      return node.operands.every((operand) => evaluate(operand, resolve));
    case 'or':
      return node.operands.some((operand) => evaluate(operand, resolve));
    case 'not':
      return !evaluate(node.operand, resolve);
    case 'compare': {
      const left = operandValue(node.left, resolve);
      const right = operandValue(node.right, resolve);
      return anyOf(left, (l) => anyOf(right, (r) => compare(l, node.op, r)));
    }
    case 'in': {
      const value = operandValue(node.operand, resolve);
      const found = anyOf(value, (v) => node.values.some((literal) => compare(v, '=', literal)));
      return node.negated ? !found : found;
    }
    case 'contains': {
      const value = operandValue(node.operand, resolve);
      const elements = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
      const has = (literal: Literal) => elements.some((element) => compare(element, '=', literal));
      return node.mode === 'all' ? node.values.every(has) : node.values.some(has);
    }
    case 'is': {
      const value = operandValue(node.operand, resolve);
      const result =
        node.test === 'defined'
          ? value !== undefined && value !== null
          : value === undefined || value === null || (Array.isArray(value) && value.length === 0) || value === '';
      return node.negated ? !result : result;
    }
  }
}

function operandValue(operand: Operand, resolve: FieldResolver): unknown {
  return operand.kind === 'literal' ? operand.value : resolve(operand.path);
}

function anyOf(value: unknown, test: (value: unknown) => boolean): boolean {
  return Array.isArray(value) ? value.some(test) : test(value);
}

/** Reduces structured values to what a literal compares with: enum key, money, reference id. */
function comparable(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  if (typeof object.key === 'string' && 'label' in object) return object.key;
  if (typeof object.centAmount === 'number' && typeof object.currencyCode === 'string') return object;
  if (typeof object.id === 'string' && typeof object.typeId === 'string') return object.id;
  return value;
}

function compare(leftRaw: unknown, op: string, rightRaw: unknown): boolean {
  const left = comparable(leftRaw);
  const right = comparable(rightRaw);
  if (left === undefined || left === null || right === undefined || right === null) return op === '!=' && left !== right;
  const money = moneyPair(left, right);
  if (money) {
    if (money[0].currencyCode !== money[1].currencyCode) return op === '!=';
    return order(money[0].centAmount, op, money[1].centAmount);
  }
  if (typeof left === 'number' && typeof right === 'number') return order(left, op, right);
  // A bare amount (`centAmount`) against a MoneyString compares cents.
  const rightMoney = typeof left === 'number' && typeof right === 'string' ? parseMoneyString(right) : undefined;
  if (rightMoney) return order(left as number, op, rightMoney.centAmount);
  const leftMoney = typeof right === 'number' && typeof left === 'string' ? parseMoneyString(left) : undefined;
  if (leftMoney) return order(leftMoney.centAmount, op, right as number);
  if (typeof left === 'number' && typeof right === 'string' && right.trim() !== '' && !Number.isNaN(Number(right)))
    return order(left, op, Number(right));
  if (typeof left === 'string' && typeof right === 'number' && left.trim() !== '' && !Number.isNaN(Number(left)))
    return order(Number(left), op, right);
  if (typeof left === 'boolean' || typeof right === 'boolean') {
    if (op === '=') return left === right;
    if (op === '!=') return left !== right;
    return false;
  }
  if (typeof left === 'string' && typeof right === 'string') return order(left, op, right);
  if (op === '=') return JSON.stringify(left) === JSON.stringify(right);
  if (op === '!=') return JSON.stringify(left) !== JSON.stringify(right);
  return false;
}

function asMoney(value: unknown): Money | undefined {
  if (typeof value === 'string') return parseMoneyString(value);
  if (value !== null && typeof value === 'object' && typeof (value as Money).centAmount === 'number') return value as Money;
  return undefined;
}

function moneyPair(left: unknown, right: unknown): [Money, Money] | undefined {
  const leftIsObject = typeof left === 'object';
  const rightIsObject = typeof right === 'object';
  if (!leftIsObject && !rightIsObject) return undefined;
  const l = asMoney(left);
  const r = asMoney(right);
  return l && r ? [l, r] : undefined;
}

function order<T extends number | string>(left: T, op: string, right: T): boolean {
  switch (op) {
    case '=':
      return left === right;
    case '!=':
      return left !== right;
    case '<':
      return left < right;
    case '>':
      return left > right;
    case '<=':
      return left <= right;
    case '>=':
      return left >= right;
    default:
      return false;
  }
}
