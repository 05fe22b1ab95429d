import type { ReactNode } from 'react';
import { MoreHorizontal } from 'lucide-react';
import {
  Button,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
  Separator,
  type MenuItemProps,
} from 'react-aria-components';

interface ActionMenuProps {
  /** The trigger's accessible name, e.g. "More actions: Trip to Rome". */
  label: string;
  children: ReactNode;
}

/**
 * A "⋯" button with a menu of less frequent actions (React Aria: arrow keys, typeahead, Escape,
 * focus back on the trigger). Items run their `onAction`.
 */
export function ActionMenu({ label, children }: ActionMenuProps) {
  return (
    <MenuTrigger>
      <Button
        aria-label={label}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-700 outline-none hover:bg-slate-200/70 data-focus-visible:outline-2 data-focus-visible:outline-offset-2 data-focus-visible:outline-indigo-500 data-pressed:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-pressed:bg-slate-800"
      >
        <MoreHorizontal aria-hidden size={18} />
      </Button>
      <Popover
        placement="bottom end"
        className="min-w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        <Menu className="outline-none">{children}</Menu>
      </Popover>
    </MenuTrigger>
  );
}

const itemTones = {
  default:
    'text-slate-800 data-focused:bg-indigo-50 data-focused:text-indigo-800 dark:text-slate-100 dark:data-focused:bg-slate-800 dark:data-focused:text-white',
  danger:
    'text-red-700 data-focused:bg-red-50 data-focused:text-red-800 dark:text-red-300 dark:data-focused:bg-red-950 dark:data-focused:text-red-200',
};

interface ActionMenuItemProps extends Omit<MenuItemProps, 'className'> {
  /** Destructive actions are red, so they never look like the harmless ones. */
  tone?: keyof typeof itemTones;
}

export function ActionMenuItem({ tone = 'default', ...props }: ActionMenuItemProps) {
  return (
    <MenuItem
      className={`flex h-10 cursor-pointer items-center gap-3 rounded-md px-3 text-sm outline-none ${itemTones[tone]}`}
      {...props}
    />
  );
}

export function ActionMenuSeparator() {
  return <Separator className="my-1 border-t border-slate-200 dark:border-slate-700" />;
}
