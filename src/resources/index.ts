import type { ResourceDefinition } from './define.js';
import { categories } from './categories.js';
import { channels } from './channels.js';
import { customerGroups } from './customer-groups.js';
import { customers } from './customers.js';
import { customObjects } from './custom-objects.js';
import { project } from './project.js';
import { states } from './states.js';
import { stores } from './stores.js';
import { taxCategories } from './tax-categories.js';
import { types } from './types.js';
import { zones } from './zones.js';

/** Every resource type the mock serves. Adding one is a module plus a line here. */
export const resourceDefinitions: ResourceDefinition[] = [
  project,
  customers,
  categories,
  customObjects,
  types,
  channels,
  customerGroups,
  taxCategories,
  zones,
  stores,
  states,
];
