import { z } from 'zod';
import { okReply } from '../http/replies.ts';
import '../zod-locale.ts';
import { formFlag } from '../http/form-fields.ts';
import { queryId, queryInt } from '../ids.ts';
import { orgNameList, orgSectorName } from '../sectors/sectors.schemas.ts';

export const APP_NAME_MAX = 80;
export const APP_ADDRESS_MAX = 500;

const appName = z
  .string({ error: 'Informe o nome do aplicativo.' })
  .trim()
  .min(1, { error: 'Informe o nome do aplicativo.' })
  .max(APP_NAME_MAX, { error: `O nome deve ter no máximo ${APP_NAME_MAX} caracteres.` });

/** Only http(s) links: an app link must never run script in the intranet's page. */
const appAddress = z
  .string({ error: 'Informe o endereço do aplicativo.' })
  .trim()
  .min(1, { error: 'Informe o endereço do aplicativo.' })
  .max(APP_ADDRESS_MAX, { error: `O endereço deve ter no máximo ${APP_ADDRESS_MAX} caracteres.` })
  .refine((v) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), {
    error: 'Informe um endereço começando com http:// ou https://',
  });

/** The names' shape; the server checks they are active sectors (decision 0116). */
const sectorList = orgNameList(orgSectorName('Informe o setor.'));

/** The sectors of an app: a list, or the list as JSON text in a multipart form. */
const sectorsField = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((v, ctx) => {
    if (Array.isArray(v)) return v;
    if (!v) return [] as string[];
    try {
      const parsed: unknown = JSON.parse(v);
      if (Array.isArray(parsed) && parsed.every((s) => typeof s === 'string')) return parsed as string[];
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'Lista de setores inválida.' });
    return z.NEVER;
  })
  .pipe(sectorList);

/** What the app dialog edits: name, address and the sectors that see the app. */
export const appFields = z.object({ name: appName, address: appAddress, setores: sectorList });
export type AppFields = z.input<typeof appFields>;

/** Fields of POST /api/apps (multipart name, address, setores as JSON, optional image file). */
export const createAppFields = appFields.extend({ setores: sectorsField });
/** Fields of PUT /api/apps/:id (multipart name, address, optional image file, removeImage). */
export const updateAppFields = z.object({ name: appName, address: appAddress, removeImage: formFlag });

/** PUT /api/apps/:id/sectors: the app's sectors, replaced as a whole (assign and remove). */
export const appSectorsBody = z.object({
  setores: sectorList.transform((v) => [...new Set(v)]),
});
export const appIdParams = z.object({ id: queryId() });

export const APP_SEARCH_MAX = 80;
export const appListQuery = z.object({
  search: z.string().trim().max(APP_SEARCH_MAX).optional().default(''),
  page: queryInt({ min: 1 }).optional().default(1),
  pageSize: queryInt({ min: 1, max: 100 }).optional().default(50),
});
export type AppListQuery = z.input<typeof appListQuery>;

export const appAbilities = z.object({
  update: z.boolean(),
  delete: z.boolean(),
  assignSectors: z.boolean(),
});

/** App of spec §3: id, name, address, image, and its sector assignments. */
export const appItem = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  image: z.string().nullable(),
  setores: z.array(z.string()),
  abilities: appAbilities,
});
export type AppItem = z.infer<typeof appItem>;

export const appListReply = z.object({
  apps: z.array(appItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  canCreate: z.boolean(),
});
export type AppListReply = z.infer<typeof appListReply>;

export const appSavedReply = z.object({ success: z.literal(true), message: z.string(), app: appItem });
export const appDeletedReply = okReply;
