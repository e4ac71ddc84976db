import { z } from 'zod';
import { defineResource } from './define.js';
import { Key } from './validation.js';

// Placeholder: the full declaration (draft, resource fields, every platform update action) comes next.
export const customerGroups = defineResource({
  typeId: 'customer-group',
  path: 'customer-groups',
  draft: z.object({ key: Key.optional() }).loose(),
  create: (draft) => ({ ...draft }),
  actions: {},
});
