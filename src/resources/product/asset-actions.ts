/** The product update actions on a variant's assets, as ./variant-edits.ts writes them. */
import type { UpdateAction } from '../../engine/define.js';
import type { Product } from './model.js';
import { productEdit } from './product-action.js';
import { assetEdits } from './variant-edits.js';

export const assetActions: Record<string, UpdateAction<Product>> = Object.fromEntries(
  Object.entries(assetEdits).map(([name, edit]) => [name, productEdit(edit)]),
);
