// @vitest-environment node
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { failingParts } from './failing-parts';

const person = {
  id: 'user_7',
  name: 'Ada Secretname',
  email: 'ada.secret@example.com',
  profile: { location: 'Flat 3, 12 Hidden Lane', bio: 'Private words.' },
};
const usersPage = v.object({
  data: v.array(v.object({ id: v.string(), name: v.string(), email: v.string() })),
  meta: v.object({ total: v.number() }),
});

/** What the log keeps of an answer to `schema` that broke it. */
function kept(schema: v.GenericSchema, answer: unknown) {
  const parsed = v.safeParse(schema, answer);
  if (parsed.success) throw new Error('the answer kept its contract');
  const text = failingParts(parsed.issues);
  return { text, issues: (JSON.parse(text) as { issues: Record<string, string>[] }).issues };
}

describe('failingParts', () => {
  it('keeps the path and the type of an object where a list was due, never its content', () => {
    const { text, issues } = kept(usersPage, { data: person, meta: { total: 1 } });
    expect(issues).toEqual([
      { path: 'data', problem: 'Invalid type: Expected Array but received Object', type: 'object' },
    ]);
    expect(text).not.toMatch(/Secretname|secret@|Hidden Lane|Private|user_7/);
  });

  it('keeps the path and the length of a list where a single value was due, never its items', () => {
    const { text, issues } = kept(usersPage, {
      data: [{ id: 'user_7', name: [person, person], email: 'a@b.c' }],
      meta: { total: 1 },
    });
    expect(issues).toEqual([
      {
        path: 'data.0.name',
        problem: 'Invalid type: Expected string but received Array',
        type: 'array of 2',
      },
    ]);
    expect(text).not.toMatch(/Secretname|secret@|Hidden Lane/);
  });

  it('keeps a single value found, clipped, and says what is missing', () => {
    const long = 'x'.repeat(5_000);
    const { issues } = kept(usersPage, {
      data: [
        { id: 'user_1', name: 42, email: long },
        { id: 'user_2', name: null },
      ],
      meta: { total: '3' },
    });
    expect(issues.map(({ path, type, found }) => ({ path, type, found }))).toEqual([
      { path: 'data.0.name', type: 'number', found: '42' },
      { path: 'data.1.name', type: 'null', found: 'null' },
      { path: 'data.1.email', type: 'missing', found: undefined },
      { path: 'meta.total', type: 'string', found: '"3"' },
    ]);
  });

  it('clips a long string in the value and in the problem that quotes it', () => {
    const long = 'y'.repeat(5_000);
    const { issues } = kept(v.object({ total: v.number() }), { total: long });
    expect(issues[0]?.found).toHaveLength(201);
    expect(issues[0]?.problem?.length).toBeLessThanOrEqual(301);
  });
});
