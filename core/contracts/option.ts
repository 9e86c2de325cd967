import { z } from 'zod';
import { nulFreeText, shortText } from './bounded-text.js';

/**
 * PUT /api/option/ body. new-api requires `value` to be a JSON string (a bare boolean is a 400). Ferryman also
 * takes booleans and numbers and stores their string form, since options always travel as strings; null is ""
 * as in Go.
 */
export const optionUpdateSchema = z.object({
  key: shortText.min(1),
  // Values such as ModelRatio JSON are large: the body cap is their bound.
  value: z.union([nulFreeText, z.number(), z.boolean(), z.null()]).optional(),
});
export type OptionUpdate = z.infer<typeof optionUpdateSchema>;
