import * as v from 'valibot';

export const listMetaSchema = v.object({
  total: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  page: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  limit: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
});

export type ListMeta = v.InferOutput<typeof listMetaSchema>;

/** The spec's list envelope: one page of items and where it sits in the whole. */
export function listEnvelope<Item extends v.GenericSchema>(itemSchema: Item) {
  return v.object({ data: v.array(itemSchema), meta: listMetaSchema });
}

/** The spec's single-lookup envelope, `{ data: <object> }`. */
export function itemEnvelope<Item extends v.GenericSchema>(itemSchema: Item) {
  return v.object({ data: itemSchema });
}

export type ListPage<Item> = { data: Item[]; meta: ListMeta };
