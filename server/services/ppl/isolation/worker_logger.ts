/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * A worker's log lines go to the plugin's logger on the main thread (OSD's logging config,
 * appenders and levels apply), as notices: the worker never writes to the console itself.
 */
import type { Logger } from 'opensearch-dashboards/server';
import type { Rpc } from './protocol';

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';
export const LOG_LEVELS: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'];

export interface LogNotice {
  level: LogLevel;
  context: string[];
  message: string;
}

export function workerLogger(rpc: Rpc, context: string[] = []): Logger {
  const at =
    (level: LogLevel) =>
    (message: string | Error): void =>
      rpc.notify<LogNotice>('log', {
        level,
        context,
        message: message instanceof Error ? (message.stack ?? message.message) : message,
      });
  return {
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
    get: (...more: string[]) => workerLogger(rpc, [...context, ...more]),
  };
}

/** The main thread's side: a notice, written by the plugin's logger. */
export function writeLog(logger: Logger, notice: LogNotice): void {
  if (!LOG_LEVELS.includes(notice.level)) return;
  const target = notice.context.length > 0 ? logger.get(...notice.context) : logger;
  target[notice.level](String(notice.message));
}
