/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * The file of an `_import` request, as a stream of bytes, from the raw request body: either a
 * multipart form with one part named `file` (parsed as it arrives, with @fastify/busboy, so a
 * 100 MiB upload is never held in memory), or the file itself as the body. Both give the same
 * bytes to the same parser, and both are cut at `max_import_bytes` with a 413.
 *
 * The request is never destroyed on a problem: the answer must still reach the client. Whatever
 * the client is still sending is read and dropped by Node once the answer is written.
 */
import { Busboy, BusboyFileStream } from '@fastify/busboy';
import type { Readable } from 'stream';
import { BadRequestError, PayloadTooLargeError } from '../../lib/errors';

export interface ImportFile {
  /** The file's bytes, at most `maxBytes` of them (more is a PayloadTooLargeError). */
  bytes: AsyncIterable<Buffer>;
  /** The file name the client gave, when it gave one (chooses the format by extension). */
  filename?: string;
  /** The content type of the file part or the body. */
  contentType?: string;
}

const OPTIONS_HINT =
  'send the file as the part "file", and the options ' +
  '(append, override_if_empty, key_field, max, format, delimiter, types) in the query string';

export function tooLarge(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(
    `The file is larger than ${maxBytes} bytes, the most one import takes (max_import_bytes). ` +
      'Nothing was imported. Split it, and import the parts with append=true.',
    { max_bytes: maxBytes }
  );
}

function isMultipart(contentType: string | undefined): boolean {
  return /^multipart\/form-data\s*(;|$)/i.test(contentType ?? '');
}

/** Counts bytes as they pass, and refuses the byte past `maxBytes`. */
async function* limited(chunks: AsyncIterable<Buffer | string>, maxBytes: number) {
  let total = 0;
  for await (const chunk of cutShort(chunks)) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += buffer.length;
    if (total > maxBytes) throw tooLarge(maxBytes);
    yield buffer;
  }
}

export function uploadCutShort(): BadRequestError {
  return new BadRequestError(
    'The upload ended before the end of the file. Nothing was imported; send the file again.'
  );
}

/** The client went away mid-upload: a 400 that says so (nobody may be left to read it). */
async function* cutShort<T>(chunks: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = chunks[Symbol.asyncIterator]();
  try {
    for (;;) {
      let step: IteratorResult<T>;
      try {
        step = await iterator.next();
      } catch {
        throw uploadCutShort();
      }
      if (step.done) return;
      yield step.value;
    }
  } finally {
    await iterator.return?.();
  }
}

/** Whatever is left of the request when reading stops early is read and dropped. */
async function* draining(bytes: AsyncIterable<Buffer>, body: Readable) {
  let complete = false;
  try {
    yield* bytes;
    complete = true;
  } finally {
    if (!complete) body.resume();
  }
}

function readChunks(stream: Readable): AsyncIterable<Buffer | string> {
  // Stopping early must not destroy the request: the answer still has to be written on it.
  return stream.iterator({ destroyOnReturn: false });
}

export async function openImportFile(
  body: Readable,
  contentType: string | undefined,
  maxBytes: number
): Promise<ImportFile> {
  if (!isMultipart(contentType)) {
    return { bytes: draining(limited(readChunks(body), maxBytes), body), contentType };
  }
  return openMultipartFile(body, contentType as string, maxBytes);
}

/** Resolves with the `file` part once its headers are read; its bytes then stream. */
function openMultipartFile(
  body: Readable,
  contentType: string,
  maxBytes: number
): Promise<ImportFile> {
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        // Every part named `file` is the file, with or without a file name.
        isPartAFile: (fieldName) => fieldName === 'file',
        limits: { files: 1, fileSize: maxBytes },
      });
    } catch (error) {
      reject(
        new BadRequestError(`The multipart body cannot be read: ${(error as Error).message}.`)
      );
      return;
    }
    let opened = false;
    // A problem found after the file part was handed out ends its stream with the error.
    let fail: (error: Error) => void = (error) => {
      stop();
      reject(error);
    };
    const stop = () => {
      body.unpipe(parser);
      body.resume();
    };
    parser.on('field', (name: string) =>
      fail(new BadRequestError(`[${name}]: unknown form field; ${OPTIONS_HINT}`, { field: name }))
    );
    parser.on('filesLimit', () =>
      fail(new BadRequestError('[file]: send one file per import', { field: 'file' }))
    );
    parser.on('error', (error: unknown) =>
      fail(
        new BadRequestError(
          `The multipart body cannot be read: ${(error as Error).message}. Send the file as the ` +
            'part "file" of a multipart/form-data body, or the file itself as the body.'
        )
      )
    );
    parser.on('finish', () => {
      if (!opened) fail(new BadRequestError('[file]: the form has no file part named "file"'));
    });
    parser.on(
      'file',
      (_name: string, stream: BusboyFileStream, filename: string, _enc: string, mime: string) => {
        opened = true;
        let problem: Error | undefined;
        let wake: (() => void) | undefined;
        // The part may fail (a body cut off mid-part) before or after it is read: never unheard.
        (stream as NodeJS.EventEmitter).on('error', () => {
          problem ??= uploadCutShort();
          wake?.();
        });
        stream.on('limit', () => {
          problem ??= tooLarge(maxBytes);
          stream.destroy(problem);
        });
        fail = (error) => {
          stop();
          problem ??= error;
          stream.destroy(problem);
          wake?.();
        };
        const finished = new Promise<void>((done) => {
          wake = done;
          parser.once('finish', done);
        });
        async function* bytes() {
          let complete = false;
          try {
            try {
              for await (const chunk of stream) yield chunk as Buffer;
            } catch {
              throw problem ?? uploadCutShort();
            }
            if (problem) throw problem;
            // The rest of the form: only the closing boundary, or a refused extra part.
            await finished;
            if (problem) throw problem;
            complete = true;
          } finally {
            if (!complete) stop();
          }
        }
        resolve({ bytes: bytes(), filename: filename || undefined, contentType: mime });
      }
    );
    const cut = () => fail(uploadCutShort());
    // A plain emitter view: @fastify/busboy's typings narrow Readable's event names.
    const events = body as NodeJS.EventEmitter;
    events.once('aborted', cut);
    events.once('error', cut);
    parser.once('finish', () => {
      events.off('aborted', cut);
      events.off('error', cut);
    });
    body.pipe(parser);
  });
}
