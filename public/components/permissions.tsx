/*
 * Copyright OpenSearch Contributors
 * SPDX-License-Identifier: Apache-2.0
 */

/*
 * Permission-aware actions: ask once what the caller may do with some lookups, and offer a
 * refused action disabled, with a tooltip naming the lookup, the action and the missing
 * OpenSearch permission.
 */
import { useEffect, type ComponentProps, type ReactNode } from 'react';
import { EuiButton, EuiButtonEmpty, EuiScreenReaderOnly, EuiToolTip } from '@elastic/eui';
import { i18n } from '@osd/i18n';
import type { ActionGrant, LookupAction } from '../../common/api/permissions';
import { useAppDispatch, useAppSelector } from '../store';
import { fetchPermissions, unknownNames } from '../store/permissions_slice';

export function actionLabel(action: LookupAction): string {
  switch (action) {
    case 'write':
      return i18n.translate('lookups.permissions.action.write', { defaultMessage: 'write to' });
    case 'import':
      return i18n.translate('lookups.permissions.action.import', {
        defaultMessage: 'import a file into',
      });
    case 'restore':
      return i18n.translate('lookups.permissions.action.restore', {
        defaultMessage: 'restore a version of',
      });
    case 'migrate':
      return i18n.translate('lookups.permissions.action.migrate', { defaultMessage: 'migrate' });
    case 'delete':
      return i18n.translate('lookups.permissions.action.delete', { defaultMessage: 'delete' });
    case 'cleanup':
      return i18n.translate('lookups.permissions.action.cleanup', {
        defaultMessage: 'clean up old versions of',
      });
    case 'delete_version':
      return i18n.translate('lookups.permissions.action.deleteVersion', {
        defaultMessage: 'delete a version of',
      });
  }
}

/** "You may not delete "x": your user lacks indices:admin/delete." */
export function refusedText(name: string, action: LookupAction, missing?: string): string {
  return missing
    ? i18n.translate('lookups.permissions.refusedNamed', {
        defaultMessage:
          'You may not {action} "{name}": your user lacks the OpenSearch permission {missing}. An administrator can grant it.',
        values: { action: actionLabel(action), name, missing },
      })
    : i18n.translate('lookups.permissions.refused', {
        defaultMessage: 'You may not {action} "{name}". An administrator can grant it.',
        values: { action: actionLabel(action), name },
      });
}

/**
 * Asks about the names nobody has asked about yet; `[]` asks only whether the user manages
 * security, `null` asks nothing (yet).
 */
export function usePermissions(names: string[] | null) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.permissions);
  const key = names === null ? null : names.join('\n');
  useEffect(() => {
    if (key === null) return;
    const list = key === '' ? [] : key.split('\n');
    const missing = list.length === 0 ? [] : unknownNames(state, list);
    if (list.length > 0 && missing.length === 0) return;
    void dispatch(fetchPermissions(missing));
    // Only a new list of names asks again; the answers arriving do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, key]);
  return state;
}

/** The answer for one action on one lookup; undefined while unknown (then the action stays offered). */
export function useGrant(name: string, action: LookupAction): ActionGrant | undefined {
  usePermissions([name]);
  return useAppSelector((s) => grantOf(s.permissions.byName[name], action));
}

export function grantOf(
  entry: { actions: Record<LookupAction, ActionGrant> } | 'loading' | undefined,
  action: LookupAction
): ActionGrant | undefined {
  return entry === undefined || entry === 'loading' ? undefined : entry.actions[action];
}

/** Shows `children` disabled under a tooltip when the action is refused. */
export function Refusable({
  name,
  action,
  grant,
  children,
  testSubj = `lookupsRefused-${action}`,
}: {
  name: string;
  action: LookupAction;
  grant?: ActionGrant;
  children: (refused: boolean) => ReactNode;
  /** The wrapper's test hook, when two controls share an action. */
  testSubj?: string;
}) {
  if (!grant || grant.allowed) return <>{children(false)}</>;
  const text = refusedText(name, action, grant.missing);
  return (
    <EuiToolTip content={text}>
      {/* A disabled button fires no hover or focus events; its wrapper does. */}
      <span tabIndex={0} data-test-subj={testSubj} data-missing-permission={grant.missing ?? ''}>
        {children(true)}
        {/* Said to screen readers on focus too (the tooltip shows only while hovered or focused). */}
        <EuiScreenReaderOnly>
          <span data-test-subj="lookupsRefusedText">{text}</span>
        </EuiScreenReaderOnly>
      </span>
    </EuiToolTip>
  );
}

type ButtonProps = ComponentProps<typeof EuiButton>;

/** An EuiButton for an action on a lookup, disabled (with the reason) when the caller may not. */
export function ActionButton({
  lookup,
  action,
  grant,
  isDisabled,
  ...props
}: ButtonProps & { lookup: string; action: LookupAction; grant?: ActionGrant }) {
  return (
    <Refusable name={lookup} action={action} grant={grant}>
      {(refused) => <EuiButton {...props} isDisabled={refused || isDisabled} />}
    </Refusable>
  );
}

export function ActionButtonEmpty({
  lookup,
  action,
  grant,
  isDisabled,
  ...props
}: ComponentProps<typeof EuiButtonEmpty> & {
  lookup: string;
  action: LookupAction;
  grant?: ActionGrant;
}) {
  return (
    <Refusable name={lookup} action={action} grant={grant}>
      {(refused) => <EuiButtonEmpty {...props} isDisabled={refused || isDisabled} />}
    </Refusable>
  );
}
