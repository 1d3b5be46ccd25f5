import * as v from 'valibot';

/**
 * More rows than any list of this API could hold: such a total is a broken answer, not a list to
 * page through (a search or a scan would plan over 2^53 pages).
 */
export const MAX_PLAUSIBLE_TOTAL = 1_000_000_000;

export const listMetaSchema = v.object({
  total: v.pipe(
    v.number(),
    v.safeInteger(),
    v.minValue(0),
    v.maxValue(MAX_PLAUSIBLE_TOTAL, 'more than 1,000,000,000 rows is not a plausible total'),
  ),
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

/** A response read through a schema, and the body as the API sent it (parsed, every field kept). */
export type WithRawBody<T> = { data: T; raw: unknown };

/**
 * Validates like `schema`, but keeps the whole body beside what it read. A valibot object drops
 * the keys it does not name, which is right for what the console shows and wrong for a "Raw JSON"
 * view, where support needs the field the API added yesterday (`status: "suspended"`) too. The
 * body is the parsed JSON, so the raw view's size and depth limits (formatJson) still apply.
 */
export function withRawBody<T>(schema: v.GenericSchema<unknown, T>) {
  return v.pipe(
    v.unknown(),
    v.rawTransform<unknown, WithRawBody<T>>(({ dataset, addIssue, NEVER }) => {
      const parsed = v.safeParse(schema, dataset.value);
      if (parsed.success) return { data: parsed.output, raw: dataset.value };
      for (const issue of parsed.issues) {
        addIssue({ message: issue.message, ...(issue.path ? { path: issue.path } : {}) });
      }
      return NEVER;
    }),
  );
}
