import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { Fragment, type ReactNode } from 'react';

/** One thing a table row offers (Edit, Permissions, Delete...). */
export interface RowAction {
  /** The word on the button: "Edit", "Delete". */
  label: string;
  onClick(): void;
  /** Destructive: red, and asked again first when `confirm` is given. */
  danger?: boolean;
  /** Asks before acting (a Popconfirm); give it for every destructive action. */
  confirm?: { title: ReactNode; description?: ReactNode; okText: string };
  loading?: boolean;
  /** Shown but not usable; `disabledReason` says why (a tooltip). */
  disabled?: boolean;
  disabledReason?: string;
  /** The accessible name when "label subject" does not read well ("Permissions of Ann Lee"). */
  ariaLabel?: string;
}

interface RowActionsProps {
  /** What the row is, for the buttons' accessible names: "Edit Ann Lee", "Delete batch". */
  subject?: string;
  /** Actions in their order; falsy entries (an action the user may not take) are left out. */
  actions: ReadonlyArray<RowAction | false | null | undefined>;
}

/**
 * The actions of one table row, the same on every screen: small outlined buttons with a visible
 * word, each named for screen readers with the row it acts on, destructive ones red and
 * confirmed first. Renders nothing when no action is left, so callers can drop the column.
 */
export function RowActions({ subject, actions }: RowActionsProps) {
  const shown = actions.filter((action): action is RowAction => Boolean(action));
  if (shown.length === 0) return null;
  return (
    <Space size={[8, 4]} wrap className="sb-row-actions">
      {shown.map((action) => {
        const name = action.ariaLabel ?? (subject ? `${action.label} ${subject}` : action.label);
        const button = (
          <Button
            size="small"
            danger={action.danger}
            loading={action.loading}
            disabled={action.disabled}
            aria-label={name}
            onClick={action.confirm ? undefined : action.onClick}
          >
            {action.label}
          </Button>
        );
        if (action.disabled && action.disabledReason) {
          return (
            <Tooltip key={action.label} title={action.disabledReason}>
              {button}
            </Tooltip>
          );
        }
        if (action.confirm && !action.disabled) {
          return (
            <Popconfirm
              key={action.label}
              title={action.confirm.title}
              description={action.confirm.description}
              okText={action.confirm.okText}
              okButtonProps={{ danger: action.danger }}
              onConfirm={action.onClick}
            >
              {button}
            </Popconfirm>
          );
        }
        return <Fragment key={action.label}>{button}</Fragment>;
      })}
    </Space>
  );
}

/** Whether any of these actions would be shown: a table leaves out its Actions column otherwise. */
export function hasRowActions(actions: ReadonlyArray<RowAction | false | null | undefined>): boolean {
  return actions.some(Boolean);
}
