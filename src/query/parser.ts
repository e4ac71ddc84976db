/**
 * Recursive-descent parser for query predicates. Grammar (keywords case-insensitive):
 *
 *   predicate  := or EOF
 *   or         := and ('or' and)*
 *   and        := unary ('and' unary)*
 *   unary      := 'not' '(' or ')' | '(' or ')' | condition
 *   condition  := field ( '(' or ')'                                  nesting into an object/array
 *                       | op value                                    op: = != <> < > <= >=
 *                       | 'not'? 'in' list
 *                       | 'contains' ('any' | 'all') list
 *                       | 'is' 'not'? ('empty' | 'defined')
 *                       | 'within' 'circle' '(' number ',' number ',' number ')' )
 *   list       := '(' value (',' value)* ')' | variable
 *   value      := string | number | 'true' | 'false' | variable
 *
 * `and` binds tighter than `or`, as in the platform.
 */
import type { ComparisonOperator, Condition, Predicate, ValueNode } from './ast.js';
import { PredicateSyntaxError, tokenize, type Token } from './lexer.js';

const AFTER_FIELD = "comparison operator, not, in, contains, is, within or '('";
const VALUE = 'input parameter or primitive value';
const AFTER_CONDITION = "and, or, ')' or end of input";
/** Outside every group a ')' cannot come next. */
const AFTER_PREDICATE = 'and, or or end of input';

export function parsePredicate(source: string): Predicate {
  return new Parser(tokenize(source)).parseAll();
}

/** Far deeper than any real predicate; recursion stays well inside the stack. */
const MAX_NESTING = 100;

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parseAll(): Predicate {
    const predicate = this.parseOr();
    if (this.peek().kind !== 'eof') this.fail(this.peek(), AFTER_PREDICATE);
    return predicate;
  }

  /** The inside of a parenthesised group, after its '('. Bounded so a hostile predicate cannot exhaust the stack. */
  private parseGroup(open: Token): Predicate {
    if (++this.depth > MAX_NESTING) this.fail(open, `at most ${MAX_NESTING} levels of nested parentheses`);
    const inner = this.parseOr();
    this.expect(')', AFTER_CONDITION);
    this.depth--;
    return inner;
  }

  private parseOr(): Predicate {
    const operands = [this.parseAnd()];
    while (this.acceptKeyword('or')) operands.push(this.parseAnd());
    return operands.length === 1 ? operands[0]! : { kind: 'or', operands };
  }

  private parseAnd(): Predicate {
    const operands = [this.parseUnary()];
    while (this.acceptKeyword('and')) operands.push(this.parseUnary());
    return operands.length === 1 ? operands[0]! : { kind: 'and', operands };
  }

  private parseUnary(): Predicate {
    const token = this.peek();
    if (token.kind === '(') return this.parseGroup(this.next());
    // `not(...)` negates; a field that happens to be called `not` is still usable as `not = 1`.
    if (isKeyword(token, 'not') && this.peek(1).kind === '(') {
      this.next();
      return { kind: 'not', operand: this.parseGroup(this.next()) };
    }
    return this.parseCondition();
  }

  private parseCondition(): Condition {
    const fieldToken = this.next();
    if (fieldToken.kind !== 'ident') this.fail(fieldToken, "field name, not or '('");
    const field = fieldToken.text;
    const pos = fieldToken.pos;
    const token = this.peek();

    if (token.kind === '(') return { kind: 'nested', field, pos, predicate: this.parseGroup(this.next()) };
    if (token.kind === 'op') {
      this.next();
      const op: ComparisonOperator = token.text === '<>' ? '!=' : (token.text as ComparisonOperator);
      return { kind: 'compare', field, pos, op, value: this.parseValue() };
    }
    if (isKeyword(token, 'not')) {
      this.next();
      this.expectKeyword('in', 'in');
      return { kind: 'in', field, pos, negated: true, values: this.parseList() };
    }
    if (isKeyword(token, 'in')) {
      this.next();
      return { kind: 'in', field, pos, negated: false, values: this.parseList() };
    }
    if (isKeyword(token, 'contains')) {
      this.next();
      const mode = this.acceptKeyword('any') ? 'any' : this.acceptKeyword('all') ? 'all' : this.fail(this.peek(), 'any or all');
      return { kind: 'contains', field, pos, mode, values: this.parseList() };
    }
    if (isKeyword(token, 'is')) {
      this.next();
      return this.parseIs(field, pos);
    }
    if (isKeyword(token, 'within')) {
      this.next();
      return this.parseWithin(field, pos);
    }
    return this.fail(token, AFTER_FIELD);
  }

  private parseIs(field: string, pos: number): Condition {
    const negated = this.acceptKeyword('not');
    if (this.acceptKeyword('empty')) return { kind: 'empty', field, pos, negated };
    if (this.acceptKeyword('defined')) return { kind: 'defined', field, pos, negated };
    return this.fail(this.peek(), negated ? 'empty or defined' : 'not, empty or defined');
  }

  private parseWithin(field: string, pos: number): Condition {
    this.expectKeyword('circle', 'circle');
    this.expect('(', "'('");
    const longitude = this.parseNumber();
    this.expect(',', "','");
    const latitude = this.parseNumber();
    this.expect(',', "','");
    const radiusMeters = this.parseNumber();
    this.expect(')', "')'");
    return { kind: 'within', field, pos, longitude, latitude, radiusMeters };
  }

  private parseList(): ValueNode[] {
    const first = this.peek();
    // `in :ids` takes every value of a repeated `var.ids` parameter.
    if (first.kind === 'variable') {
      this.next();
      return [{ kind: 'variable', name: first.text, pos: first.pos }];
    }
    this.expect('(', "'(' or input parameter");
    const values = [this.parseValue()];
    while (this.peek().kind === ',') {
      this.next();
      values.push(this.parseValue());
    }
    this.expect(')', "',' or ')'");
    return values;
  }

  private parseValue(): ValueNode {
    const token = this.next();
    switch (token.kind) {
      case 'string':
        return { kind: 'literal', value: token.text, pos: token.pos };
      case 'number':
        return { kind: 'literal', value: Number(token.text), pos: token.pos };
      case 'variable':
        return { kind: 'variable', name: token.text, pos: token.pos };
      case 'ident':
        if (isKeyword(token, 'true')) return { kind: 'literal', value: true, pos: token.pos };
        if (isKeyword(token, 'false')) return { kind: 'literal', value: false, pos: token.pos };
        return this.fail(token, VALUE);
      default:
        return this.fail(token, VALUE);
    }
  }

  private parseNumber(): number {
    const token = this.next();
    if (token.kind !== 'number') this.fail(token, 'number');
    return Number(token.text);
  }

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)]!;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.index++;
    return token;
  }

  private expect(kind: Token['kind'], expected: string): Token {
    const token = this.next();
    if (token.kind !== kind) this.fail(token, expected);
    return token;
  }

  private acceptKeyword(word: string): boolean {
    if (!isKeyword(this.peek(), word)) return false;
    this.next();
    return true;
  }

  private expectKeyword(word: string, expected: string): void {
    if (!this.acceptKeyword(word)) this.fail(this.peek(), expected);
  }

  private fail(token: Token, expected: string): never {
    throw new PredicateSyntaxError(token.pos, expected);
  }
}

function isKeyword(token: Token, word: string): boolean {
  return token.kind === 'ident' && token.text.length === word.length && token.text.toLowerCase() === word;
}
