/**
 * `GET /{projectKey}/product-projections/suggest` (search term suggestions): completes the text of
 * `searchKeywords.<locale>` parameters from the products' search keywords of that locale.
 *
 * A keyword completes input that is a prefix (case- and diacritics-insensitive) of one of its
 * inputs: without a `suggestTokenizer`, the whole keyword; with the `whitespace` tokenizer, the
 * keyword from each of its words on; with a `custom` tokenizer, the given inputs. With `fuzzy=true`
 * the prefix may differ by the automatic fuzzy level. Result: per requested parameter, up to `limit`
 * (default 10, at most 100) distinct keyword texts, in catalog order.
 */
import type { ApiCall } from '../../../http/context.js';
import type { SearchKeyword } from '../model.js';
import { catalogView } from './catalog-index.js';
import { assertLocale, booleanParam, integerParam } from './params.js';
import { autoFuzzyLevel, fuzzyDistance, normalise } from './text.js';
import type { Engine } from '../../../engine/define.js';

function inputs(keyword: SearchKeyword): string[] {
  const tokenizer = keyword.suggestTokenizer;
  if (tokenizer?.type === 'custom') return tokenizer.inputs.map(normalise);
  const text = normalise(keyword.text);
  if (tokenizer?.type !== 'whitespace') return [text];
  const words = text.split(/\s+/).filter(Boolean);
  return words.map((_, index) => words.slice(index).join(' '));
}

function completes(input: string, prefix: string, level: number): boolean {
  if (input.startsWith(prefix)) return true;
  if (level === 0) return false;
  for (let length = Math.max(0, prefix.length - level); length <= prefix.length + level; length++) {
    if (fuzzyDistance(prefix, input.slice(0, length), level) >= 0) return true;
  }
  return false;
}

export function suggest(call: ApiCall, engine: Engine): Record<string, Array<{ text: string }>> {
  const params = call.query;
  const staged = booleanParam(params, 'staged') ?? false;
  const fuzzy = booleanParam(params, 'fuzzy') ?? false;
  const limit = integerParam(params, 'limit', 10, 100);
  const wanted: Array<{ parameter: string; locale: string; prefix: string; level: number }> = [];
  for (const [name, value] of params) {
    if (!name.startsWith('searchKeywords.')) continue;
    const locale = name.slice('searchKeywords.'.length);
    assertLocale(locale, name);
    const prefix = normalise(value.trim()).replace(/\s+/g, ' ');
    wanted.push({ parameter: name, locale, prefix, level: fuzzy ? autoFuzzyLevel(prefix) : 0 });
  }
  const result: Record<string, Array<{ text: string }>> = {};
  if (wanted.length === 0) return result;
  const view = catalogView(engine.storage, call.ctx, staged);
  for (const { parameter, locale, prefix, level } of wanted) {
    const texts: string[] = [];
    const seen = new Set<string>();
    if (prefix !== '') {
      scan: for (const entry of view.ordered) {
        for (const keyword of entry.data.searchKeywords?.[locale] ?? []) {
          if (seen.has(keyword.text) || !inputs(keyword).some((input) => completes(input, prefix, level))) continue;
          seen.add(keyword.text);
          texts.push(keyword.text);
          if (texts.length >= limit) break scan;
        }
      }
    }
    result[parameter] = texts.map((text) => ({ text }));
  }
  return result;
}
