import { z } from 'zod';

export const listMetaSchema = z.object({
  total: z.int().min(0),
  page: z.int().min(1),
  limit: z.int().min(1),
});

export type ListMeta = z.infer<typeof listMetaSchema>;

/** The spec's list envelope: one page of items and where it sits in the whole. */
export function listEnvelope<Item extends z.ZodType>(itemSchema: Item) {
  return z.object({ data: z.array(itemSchema), meta: listMetaSchema });
}

/** The spec's single-lookup envelope, `{ data: <object> }`. */
export function itemEnvelope<Item extends z.ZodType>(itemSchema: Item) {
  return z.object({ data: itemSchema });
}

export type ListPage<Item> = { data: Item[]; meta: ListMeta };
