import { Column, SQL, StringChunk, Table, is } from 'drizzle-orm';
import { chunkToQuery, inlinesParams, type Dialect } from './drizzle-internals';

// The text and values of a Drizzle `sql` tree, for the search's statements (docs/bench-journal.md, "2026-11-29: cold searches, first step").
//
// Drizzle's own flattening (`dialect.sqlToQuery`, SQL.buildQueryFromSourceParams) tests every chunk against a
// dozen classes with `is()`, whose slow path walks the prototype chain of a chunk that is not of the class
// at hand: a nested `sql` template costs two of those before it is recognised, a column five. A cold search
// builds two statements of a few hundred chunks, and that walk led the profile of the cold call (~12 % of
// Node's time). This reads the same tree with `instanceof` for the chunks a search's statements are made
// of (strings, nested templates, plain values, columns, tables) and hands anything else to Drizzle, one
// chunk at a time, with the parameters numbered on (drizzle-internals.ts: the dialect's internal parts).
// The result is Drizzle's, to the character: under tests every flattening is compared with Drizzle's
// (FLATTEN_CHECK below).

/** Tests compare every flattening with Drizzle's (vitest sets VITEST); FLATTEN_CHECK=1 does it anywhere. */
const FLATTEN_CHECK = process.env.FLATTEN_CHECK === '1' || process.env.VITEST !== undefined;

/** The text of a column or a table, which carries no parameter and never changes: read once from Drizzle. */
const constantText = new WeakMap<object, string>();

interface Out {
  text: string;
  params: unknown[];
}

function viaDrizzle(dialect: Dialect, chunk: unknown, out: Out) {
  const built = chunkToQuery(dialect, chunk, out.params.length);
  out.text += built.sql;
  for (const param of built.params) out.params.push(param);
}

function walk(dialect: Dialect, chunks: readonly unknown[], out: Out) {
  for (const chunk of chunks) {
    if (chunk === undefined) continue;
    if (chunk instanceof StringChunk) {
      const value = chunk.value;
      out.text += value.length === 1 ? value[0] : value.join('');
    } else if (chunk instanceof SQL) {
      // A template whose values are inlined (sql.inlineParams()) is Drizzle's to write.
      if (inlinesParams(chunk)) viaDrizzle(dialect, chunk, out);
      else walk(dialect, chunk.queryChunks, out);
    } else if (chunk === null || typeof chunk !== 'object') {
      // A plain value: a parameter, as Drizzle writes it.
      out.text += dialect.escapeParam(out.params.length, chunk);
      out.params.push(chunk);
    } else {
      const known = constantText.get(chunk);
      if (known !== undefined) {
        out.text += known;
        continue;
      }
      if (!Array.isArray(chunk) && (is(chunk, Column) || is(chunk, Table))) {
        const before = out.text.length;
        viaDrizzle(dialect, chunk, out);
        constantText.set(chunk, out.text.slice(before));
      } else {
        // Params with an encoder, names, subqueries, arrays, builders ...: Drizzle, the numbering carried on.
        viaDrizzle(dialect, chunk, out);
      }
    }
  }
}

/** The statement's text and its values, exactly as `db.dialect.sqlToQuery(query)` gives them. */
export function flattenSql(dialect: Dialect, query: SQL): { sql: string; params: unknown[] } {
  const out: Out = { text: '', params: [] };
  if (inlinesParams(query)) return dialect.sqlToQuery(query);
  walk(dialect, query.queryChunks, out);
  if (FLATTEN_CHECK) {
    const expected = dialect.sqlToQuery(query);
    if (expected.sql !== out.text || JSON.stringify(expected.params) !== JSON.stringify(out.params)) {
      throw new Error(
        `flattenSql: differs from Drizzle's\n${expected.sql}\n${JSON.stringify(expected.params)}\n---\n${out.text}\n${JSON.stringify(out.params)}`,
      );
    }
  }
  return { sql: out.text, params: out.params };
}
