/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Asking before unsaved work is left. A view that holds some (the lookup editor) says so with
 * `useLeaveGuard`; then every navigation inside the app waits for a confirm (the app's routes
 * run on a history whose push and replace ask first: OSD's ScopedHistory refuses `block`), and
 * leaving the app, or closing or reloading the page, asks too, through OSD's `onAppLeave`.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Router, useHistory } from 'react-router-dom';
import { i18n } from '@osd/i18n';
import { useServices } from '../services/services_context';
import { ConfirmDialog } from './dialogs';

interface LeaveGuardApi {
  hold(key: symbol, message: string | null): void;
}

const LeaveGuardContext = createContext<LeaveGuardApi | null>(null);

const leaveTitle = () =>
  i18n.translate('lookups.leave.title', { defaultMessage: 'Leave with unsaved changes?' });

/** The app's routes, on a history that asks first while a view holds unsaved work. */
export function GuardedRouter({ children }: { children: ReactNode }) {
  const outer = useHistory();
  const { onAppLeave } = useServices();
  const holds = useRef(new Map<symbol, string>());
  const [pending, setPending] = useState<{ message: string; go: () => void } | null>(null);
  const message = () => holds.current.values().next().value ?? null;

  const history = useMemo(
    () =>
      new Proxy(outer, {
        get(target, property) {
          if (property === 'push' || property === 'replace') {
            return (...args: unknown[]) => {
              const go = () => (target[property] as (...a: unknown[]) => void)(...args);
              const held = message();
              if (held === null) go();
              else setPending({ message: held, go });
            };
          }
          const value = Reflect.get(target, property);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
    [outer]
  );

  useEffect(() => {
    // Leaving the app for another one (OSD's navigation) or closing the page.
    onAppLeave?.((actions) => {
      const held = message();
      return held === null ? actions.default() : actions.confirm(held, leaveTitle());
    });
    // (OSD asks before the page is closed or reloaded with the same handler.)
    return () => onAppLeave?.((actions) => actions.default());
  }, [onAppLeave]);

  const api = useMemo<LeaveGuardApi>(
    () => ({
      hold: (key, held) => {
        if (held === null) holds.current.delete(key);
        else holds.current.set(key, held);
      },
    }),
    []
  );

  return (
    <LeaveGuardContext.Provider value={api}>
      <Router history={history}>{children}</Router>
      {pending ? (
        <ConfirmDialog
          title={leaveTitle()}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            holds.current.clear();
            setPending(null);
            pending.go();
          }}
          cancelButtonText={i18n.translate('lookups.leave.stay', { defaultMessage: 'Stay' })}
          confirmButtonText={i18n.translate('lookups.leave.discard', {
            defaultMessage: 'Leave and discard',
          })}
          buttonColor="danger"
          defaultFocusedButton="cancel"
          data-test-subj="lookupsLeaveConfirm"
        >
          <p>{pending.message}</p>
        </ConfirmDialog>
      ) : null}
    </LeaveGuardContext.Provider>
  );
}

/**
 * While `message` is set, leaving asks first with it. The returned function leaves on purpose
 * (after a save, or a discard the user confirmed): it lets go first, then runs `go`.
 */
export function useLeaveGuard(message: string | null): (go: () => void) => void {
  const api = useContext(LeaveGuardContext);
  const key = useRef(Symbol('leave guard'));
  useEffect(() => {
    api?.hold(key.current, message);
  }, [api, message]);
  useEffect(() => () => api?.hold(key.current, null), [api]);
  return useCallback(
    (go: () => void) => {
      api?.hold(key.current, null);
      go();
    },
    [api]
  );
}
