import { z } from 'zod';

/**
 * A yes/no field of a call that may travel as multipart text: true, or "1"/"true" in a form;
 * absent, false, "0" or "false" is no.
 */
export const formFlag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');
