/** The syntax tree of a `where` predicate, as produced by the parser and consumed by the compiler. */

export interface Literal {
  kind: 'literal';
  value: string | number | boolean;
  pos: number;
}

/** `:name`, resolved from the request's `var.name` parameters at compile time. */
export interface Variable {
  kind: 'variable';
  name: string;
  pos: number;
}

export type ValueNode = Literal | Variable;

export type ComparisonOperator = '=' | '!=' | '<' | '>' | '<=' | '>=';

/** Something said about one field of the current object. */
interface FieldNode {
  field: string;
  /** 0-based offset of the field name, for error messages. */
  pos: number;
}

export interface Compare extends FieldNode {
  kind: 'compare';
  op: ComparisonOperator;
  value: ValueNode;
}

export interface In extends FieldNode {
  kind: 'in';
  negated: boolean;
  values: ValueNode[];
}

export interface Contains extends FieldNode {
  kind: 'contains';
  mode: 'any' | 'all';
  values: ValueNode[];
}

export interface IsEmpty extends FieldNode {
  kind: 'empty';
  negated: boolean;
}

export interface IsDefined extends FieldNode {
  kind: 'defined';
  negated: boolean;
}

export interface WithinCircle extends FieldNode {
  kind: 'within';
  longitude: number;
  latitude: number;
  radiusMeters: number;
}

/** `field(<predicate>)`: the inner predicate is evaluated on the field's object (any element, for arrays). */
export interface Nested extends FieldNode {
  kind: 'nested';
  predicate: Predicate;
}

export interface And {
  kind: 'and';
  operands: Predicate[];
}

export interface Or {
  kind: 'or';
  operands: Predicate[];
}

export interface Not {
  kind: 'not';
  operand: Predicate;
}

export type Condition = Compare | In | Contains | IsEmpty | IsDefined | WithinCircle | Nested;
export type Predicate = And | Or | Not | Condition;
