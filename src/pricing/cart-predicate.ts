/**
 * Cart predicates (cart discounts, discount codes, shipping methods) and the line item / custom
 * line item predicates of cart discount targets. The platform's language is the discount
 * predicate language (dotted fields, `"10.00 EUR"` money literals) plus functions over the
 * cart's items:
 *
 *   lineItemCount(pred)        sum of the quantities of matching line items
 *   lineItemTotal(pred)        sum of their totalPrice (money)
 *   lineItemNetTotal(pred)     sum of their taxedPrice.totalNet (undefined while untaxed)
 *   lineItemGrossTotal(pred)   sum of their taxedPrice.totalGross
 *   lineItemExists(pred)       some line item matches (boolean)
 *   forAllLineItems(pred)      every line item matches (boolean)
 *   customLineItem…            the same six over custom line items
 *
 * Functions are lifted out of the source before it is parsed (each becomes a placeholder field
 * the resolver answers), so the comparison rules are exactly those of discount predicates.
 * A boolean function may stand alone (`lineItemExists(sku = "a")`) or be compared (`... = true`).
 */
import {
  DiscountPredicateError,
  evaluate,
  parseDiscountPredicate,
  type DiscountPredicateNode,
  type FieldResolver,
} from './discount-predicate.js';
import type { Money } from './money.js';

/** One (custom) line item as item functions see it. */
export interface PredicateItem {
  fields: FieldResolver;
  quantity: number;
  totalPrice: Money;
  net?: Money;
  gross?: Money;
}

/** What a cart predicate is evaluated against. */
export interface CartPredicateScope {
  fields: FieldResolver;
  currency: string;
  lineItems: readonly PredicateItem[];
  customLineItems: readonly PredicateItem[];
}

type FunctionKind = 'count' | 'total' | 'net' | 'gross' | 'exists' | 'forAll';

const FUNCTIONS: Record<string, { items: 'lineItems' | 'customLineItems'; kind: FunctionKind }> = {};
for (const [prefix, items] of [
  ['lineItem', 'lineItems'],
  ['customLineItem', 'customLineItems'],
] as const) {
  FUNCTIONS[`${prefix}Count`] = { items, kind: 'count' };
  FUNCTIONS[`${prefix}Total`] = { items, kind: 'total' };
  FUNCTIONS[`${prefix}NetTotal`] = { items, kind: 'net' };
  FUNCTIONS[`${prefix}GrossTotal`] = { items, kind: 'gross' };
  FUNCTIONS[`${prefix}Exists`] = { items, kind: 'exists' };
}
FUNCTIONS.forAllLineItems = { items: 'lineItems', kind: 'forAll' };
FUNCTIONS.forAllCustomLineItems = { items: 'customLineItems', kind: 'forAll' };

const PLACEHOLDER = '__ctfn';

interface LiftedCall {
  items: 'lineItems' | 'customLineItems';
  kind: FunctionKind;
  inner: ItemPredicate;
}

export type ItemPredicate = (fields: FieldResolver) => boolean;
export type CartPredicate = (scope: CartPredicateScope) => boolean;

/** The index just past the `)` that closes the `(` at `open`, skipping quoted strings; -1 when unbalanced. */
function closingParen(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source.charAt(i);
    if (c === '"' || c === "'") {
      i++;
      while (i < source.length && source.charAt(i) !== c) {
        if (source.charAt(i) === '\\') i++;
        i++;
      }
    } else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

const COMPARISON_FOLLOWS = /^\s*(=|!=|<>|<|>|in\b|not\s+in\b|is\b|contains\b)/i;

/** Replaces item function calls by placeholder fields; returns the rewritten source and the calls. */
function liftFunctions(source: string, original: string): { text: string; calls: LiftedCall[] } {
  const calls: LiftedCall[] = [];
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source.charAt(i);
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < source.length && source.charAt(j) !== c) {
        if (source.charAt(j) === '\\') j++;
        j++;
      }
      out += source.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i));
    if (!word || (i > 0 && /[A-Za-z0-9_.]/.test(source.charAt(i - 1)))) {
      out += c;
      i++;
      continue;
    }
    const name = word[0];
    const fn = FUNCTIONS[name];
    const afterName = i + name.length;
    const open = source.slice(afterName).search(/\S/);
    if (!fn || open === -1 || source.charAt(afterName + open) !== '(') {
      out += name;
      i = afterName;
      continue;
    }
    const start = afterName + open;
    const end = closingParen(source, start);
    if (end === -1) throw new DiscountPredicateError(original, start, `unbalanced parentheses after ${name}`);
    const innerSource = source.slice(start + 1, end - 1);
    calls.push({ ...fn, inner: compileItemPredicate(innerSource.trim() === '' ? 'true' : innerSource) });
    const placeholder = `${PLACEHOLDER}${calls.length - 1}`;
    const boolean = fn.kind === 'exists' || fn.kind === 'forAll';
    out += boolean && !COMPARISON_FOLLOWS.test(source.slice(end)) ? `(${placeholder} = true)` : placeholder;
    i = end;
  }
  return { text: out, calls };
}

function sumMoney(values: Array<Money | undefined>, currency: string): Money | undefined {
  let centAmount = 0;
  for (const value of values) {
    if (!value) return undefined;
    centAmount += value.centAmount;
  }
  return { currencyCode: currency, centAmount };
}

function callValue(call: LiftedCall, scope: CartPredicateScope): unknown {
  const items = scope[call.items].filter((item) => call.kind === 'forAll' || call.inner(item.fields));
  switch (call.kind) {
    case 'count':
      return items.reduce((sum, item) => sum + item.quantity, 0);
    case 'total':
      return sumMoney(
        items.map((item) => item.totalPrice),
        scope.currency,
      );
    case 'net':
      return sumMoney(
        items.map((item) => item.net),
        scope.currency,
      );
    case 'gross':
      return sumMoney(
        items.map((item) => item.gross),
        scope.currency,
      );
    case 'exists':
      return items.length > 0;
    case 'forAll':
      return items.every((item) => call.inner(item.fields));
  }
}

const cartCache = new Map<string, CartPredicate>();
const itemCache = new Map<string, ItemPredicate>();

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size > 5000) cache.clear();
  cache.set(key, value);
  return value;
}

/** Compiles a cart predicate; throws DiscountPredicateError on a syntax error. */
export function compileCartPredicate(source: string): CartPredicate {
  const cached = cartCache.get(source);
  if (cached) return cached;
  const { text, calls } = liftFunctions(source, source);
  const tree: DiscountPredicateNode = parseDiscountPredicate(text);
  const compiled: CartPredicate = (scope) =>
    evaluate(tree, (path) => {
      const head = path[0]!;
      if (head.startsWith(PLACEHOLDER)) {
        const call = calls[Number(head.slice(PLACEHOLDER.length))];
        return call ? callValue(call, scope) : undefined;
      }
      return scope.fields(path);
    });
  return remember(cartCache, source, compiled);
}

/** Compiles a line item or custom line item predicate (a target predicate, or a function's argument). */
export function compileItemPredicate(source: string): ItemPredicate {
  const cached = itemCache.get(source);
  if (cached) return cached;
  const tree = parseDiscountPredicate(source);
  return remember(itemCache, source, (fields: FieldResolver) => evaluate(tree, fields));
}

/** Looks up a referenced resource (for `customerGroup.key` and the like). */
export type ReferenceLookup = (typeId: string, id: string) => Record<string, unknown> | undefined;

/**
 * Navigates a plain view object along a predicate path. Arrays map element-wise; a Reference
 * (`{typeId, id}`) asked for anything but `typeId`/`id` is followed into the referenced resource
 * (`customerGroup.key`); `custom.<name>` reads `custom.fields.<name>`; an attribute list
 * (`[{name, value}]`) is addressed by name.
 */
export function navigate(root: unknown, path: readonly string[], lookup: ReferenceLookup): unknown {
  let current: unknown = root;
  for (let index = 0; index < path.length; index++) {
    const part = path[index]!;
    if (current === undefined || current === null) return undefined;
    if (Array.isArray(current)) {
      if (current.length > 0 && current.every((e) => e && typeof e === 'object' && 'name' in e && 'value' in e)) {
        current = (current as Array<{ name: string; value: unknown }>).find((a) => a.name === part)?.value;
        continue;
      }
      const rest = path.slice(index);
      const mapped = current.map((element) => navigate(element, rest, lookup)).filter((v) => v !== undefined);
      return mapped.flat();
    }
    if (typeof current !== 'object') return undefined;
    const object = current as Record<string, unknown>;
    if (typeof object.typeId === 'string' && typeof object.id === 'string' && part !== 'typeId' && part !== 'id' && !(part in object)) {
      current = lookup(object.typeId, object.id)?.[part];
      continue;
    }
    if (
      part === 'custom' &&
      object.custom &&
      typeof object.custom === 'object' &&
      path[index + 1] !== 'fields' &&
      path[index + 1] !== 'type'
    ) {
      current = (object.custom as { fields?: unknown }).fields;
      continue;
    }
    current = object[part];
  }
  return current;
}
