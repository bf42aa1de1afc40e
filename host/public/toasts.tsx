/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * `notifications.toasts`, shaped like OSD's ToastsApi, rendered with OUI's EuiGlobalToastList in
 * the corner of the page. Lifetimes follow OSD's defaults: information goes quickly, errors stay
 * until read.
 */
import { useSyncExternalStore } from 'react';
import { EuiGlobalToastList } from '@elastic/eui';
import type { ErrorToastOptions, IToasts, ToastInput } from 'opensearch-dashboards/public';

export interface HostToast {
  id: string;
  title?: string;
  text?: string;
  color?: 'primary' | 'success' | 'warning' | 'danger';
  iconType?: string;
  toastLifeTimeMs?: number;
}

const LIFETIME_MS = { info: 5000, warning: 10000, error: 300000 };

export class ToastsService implements IToasts {
  private toasts: HostToast[] = [];
  private readonly listeners = new Set<() => void>();
  private nextId = 0;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.toasts;

  remove = (toast: { id: string }) => {
    this.toasts = this.toasts.filter((t) => t.id !== toast.id);
    this.emit();
  };

  add(input: ToastInput, defaults: Omit<HostToast, 'id'> = {}): HostToast {
    const fields = typeof input === 'string' ? { title: input } : input;
    const toast: HostToast = {
      toastLifeTimeMs: LIFETIME_MS.info,
      ...defaults,
      ...fields,
      id: String(this.nextId++),
    };
    this.toasts = [...this.toasts, toast];
    this.emit();
    return toast;
  }

  addSuccess(input: ToastInput) {
    return this.add(input, { color: 'success', iconType: 'check' });
  }

  addWarning(input: ToastInput) {
    return this.add(input, {
      color: 'warning',
      iconType: 'help',
      toastLifeTimeMs: LIFETIME_MS.warning,
    });
  }

  addDanger(input: ToastInput) {
    return this.add(input, {
      color: 'danger',
      iconType: 'alert',
      toastLifeTimeMs: LIFETIME_MS.error,
    });
  }

  addError(error: Error, options: ErrorToastOptions) {
    return this.addDanger({ title: options.title, text: options.toastMessage ?? error.message });
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

export function GlobalToasts({ toasts }: { toasts: ToastsService }) {
  const list = useSyncExternalStore(toasts.subscribe, toasts.getSnapshot);
  return (
    <EuiGlobalToastList
      toasts={list}
      dismissToast={toasts.remove}
      toastLifeTimeMs={LIFETIME_MS.info}
      data-test-subj="globalToastList"
    />
  );
}
