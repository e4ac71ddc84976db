/**
 * An order edit applied (src/resources/order-edit/): its staged actions run as the order's update
 * actions in one `apply`, and this internal action, last among them, adds the `OrderEditApplied`
 * message with the edit and its `Applied` result. It changes nothing of the order itself.
 */
import * as z from 'zod';
import { action, emits } from '../../engine/define.js';

export const orderEditActions = {
  recordOrderEdit: emits(
    action(
      () => z.object({ edit: z.record(z.string(), z.unknown()), result: z.record(z.string(), z.unknown()) }),
      () => {},
    ),
    'OrderEditApplied',
    (_order, a) => ({ edit: a.edit, result: a.result }),
  ),
};
