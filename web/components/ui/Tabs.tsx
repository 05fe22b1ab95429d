import type { ReactNode } from 'react';
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type Key,
} from 'react-aria-components';

interface TabsProps {
  selectedKey: string;
  onSelectionChange: (key: string) => void;
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly { id: string; label: ReactNode }[];
  children: ReactNode;
}

/**
 * Tabs on React Aria: arrow keys move between tabs, each panel is named by its tab. Panels stay
 * mounted while hidden, so what was typed in one survives a look at the other.
 */
export function Tabs({ selectedKey, onSelectionChange, label, tabs, children }: TabsProps) {
  return (
    <AriaTabs selectedKey={selectedKey} onSelectionChange={(key: Key) => onSelectionChange(String(key))}>
      <AriaTabList
        aria-label={label}
        className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
      >
        {tabs.map((tab) => (
          <AriaTab
            key={tab.id}
            id={tab.id}
            className="-mb-px flex h-11 shrink-0 cursor-pointer items-center gap-2 rounded-t-lg border-b-2 border-transparent px-4 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:-outline-offset-2 data-[selected]:border-indigo-600 data-[selected]:text-indigo-700 dark:text-slate-400 dark:hover:text-white dark:data-[selected]:border-indigo-400 dark:data-[selected]:text-indigo-200"
          >
            {tab.label}
          </AriaTab>
        ))}
      </AriaTabList>
      {children}
    </AriaTabs>
  );
}

export function TabPanel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <AriaTabPanel
      id={id}
      shouldForceMount
      className="rounded-lg focus-visible:outline-offset-4 data-[inert]:hidden"
    >
      {children}
    </AriaTabPanel>
  );
}
