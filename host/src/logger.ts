/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/* The host's logger: one JSON line per record on stderr, OSD's Logger contract. */
import type { LogMeta, Logger, LoggerFactory } from 'opensearch-dashboards/server';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
type Level = (typeof LEVELS)[number];

export function createLoggerFactory(minLevel: Level = 'info'): LoggerFactory {
  const threshold = LEVELS.indexOf(minLevel);
  const make = (context: string[]): Logger => {
    const write = (level: Level, msg: string | Error, meta?: LogMeta) => {
      if (LEVELS.indexOf(level) < threshold) return;
      const record = {
        '@timestamp': new Date().toISOString(),
        level,
        logger: context.join('.'),
        message: msg instanceof Error ? msg.message : msg,
        ...(msg instanceof Error ? { error: { name: msg.name, stack: msg.stack } } : {}),
        ...(meta ? { meta } : {}),
      };
      process.stderr.write(`${JSON.stringify(record)}\n`);
    };
    return {
      trace: (m, meta) => write('trace', m, meta),
      debug: (m, meta) => write('debug', m, meta),
      info: (m, meta) => write('info', m, meta),
      warn: (m, meta) => write('warn', m, meta),
      error: (m, meta) => write('error', m, meta),
      fatal: (m, meta) => write('fatal', m, meta),
      get: (...paths) => make([...context, ...paths]),
    };
  };
  return { get: (...parts) => make(parts) };
}
