/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* A JSON body nested too deep is one clear 400, at any depth, before it is parsed. */
import { WriteBody } from '../../common/api/codecs';
import { EditBody } from '../../common/api/edit';
import { SearchBody } from '../../common/api/search_codecs';
import { MAX_JSON_BODY_NESTING, validateJsonWith } from './validation';

const factory = {
  ok: <T>(value: T) => ({ value }),
  // The message stands for OSD's RouteValidationError, which carries only a message.
  badRequest: (error: Error | string) => ({ error: String(error) as never }),
};

const write = validateJsonWith(WriteBody);
/** A _write body whose one row's value nests `depth` levels (the leaf a 16-digit number or not). */
const body = (depth: number, leaf = '1') =>
  Buffer.from(
    `{"rows":[{"k":1},{"k":2,"deep":${'[{"a":'.repeat(depth / 2)}${leaf}${'}]'.repeat(depth / 2)}}]}`
  );

describe('validateJsonWith', () => {
  it('takes a body as deep as the limit', () => {
    const result = write(body(MAX_JSON_BODY_NESTING - 4), factory) as { value?: unknown };
    expect(result.value).toMatchObject({ rows: [{ k: 1 }, { k: 2 }] });
  });

  it.each([
    [3_000, '1'],
    [5_000, '1'],
    [100_000, '1'],
    [100_000, '9007199254740993'],
  ])('refuses a body nested %i deep (leaf %s) naming the limit and where', (depth, leaf) => {
    expect(write(body(depth, leaf), factory)).toEqual({
      error:
        'Row 2: the value of "deep" nests arrays or objects deeper than 64 levels, which a lookup cannot hold ' +
        `(the request body nests deeper than ${MAX_JSON_BODY_NESTING} levels, at rows[1].deep[0].a[0]…). ` +
        'Flatten deep values (for example as JSON text) and send it again.',
    });
  });

  it('names the row and column of a table body or an edit, and the place in any other body', () => {
    const deep = '['.repeat(200) + ']'.repeat(200);
    const table = Buffer.from(
      `{"schema":[{"name":"a"},{"name":"b"}],"datarows":[[1,2],[3,${deep}]]}`
    );
    expect(write(table, factory)).toEqual({
      error: expect.stringMatching(
        /^Row 2: the value in column 2 nests arrays or objects deeper than 64 levels/
      ),
    });
    const edit = validateJsonWith(EditBody);
    const update = Buffer.from(`{"base_slice":null,"update":[{"id":"x","row":{"c":${deep}}}]}`);
    expect(edit(update, factory)).toEqual({
      error: expect.stringMatching(
        /^Row 1: the value of "c" nests arrays or objects deeper than 64 levels/
      ),
    });
    const search = validateJsonWith(SearchBody);
    expect(search(Buffer.from(`{"query":${'{"bool":{"must":['.repeat(60)}]}}`), factory)).toEqual({
      error: expect.stringMatching(
        /^The request body nests arrays or objects deeper than 100 levels \(at query\.bool\.must\[0\]\.bool\.must…\); a value in a lookup may nest at most 64\./
      ),
    });
  });

  it('refuses an already parsed body nested too deep, without recursion', () => {
    let value: unknown = 1;
    for (let i = 0; i < 100_000; i++) value = { a: value };
    expect(write({ rows: [value] }, factory)).toEqual({
      error: expect.stringMatching(
        new RegExp(
          `^The request body nests arrays or objects deeper than ${MAX_JSON_BODY_NESTING} levels;`
        )
      ),
    });
  });
});
