import { createSlotRecipeContext, type HTMLChakraProps, type SlotRecipeProps, type UnstyledProp } from '@chakra-ui/react';
import { createContext, use, useId, useState, type KeyboardEvent, type ReactNode } from 'react';

/**
 * Tabs styled by Chakra's tabs recipe (app/theme.ts) as Chakra's Tabs are styled, without its state machine:
 * the provider page and the sign-up page are often a first visit, and Chakra's Tabs brought the zag runtime
 * with them (about 12 KB gzip). Controlled only. The WAI-ARIA tabs pattern as Chakra's follow it: one tab in
 * the page's tab order, the arrow keys (looping), Home and End move to a tab and select it, and each panel is
 * labelled by its tab.
 */
const { withProvider, withContext } = createSlotRecipeContext({ key: 'tabs' });

interface RootProps extends HTMLChakraProps<'div', SlotRecipeProps<'tabs'>>, UnstyledProp {}

const StyledRoot = withProvider<HTMLDivElement, RootProps>('div', 'root');
const StyledList = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'list');
const StyledTrigger = withContext<HTMLButtonElement, HTMLChakraProps<'button'>>('button', 'trigger');
const StyledContent = withContext<HTMLDivElement, HTMLChakraProps<'div'>>('div', 'content');

interface TabsState {
  id: string;
  value: string;
  select: (value: string) => void;
  /** The panels to render: the selected one, and with `lazyMount` every one selected before. */
  mounted: (value: string) => boolean;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = use(TabsContext);
  if (!state) throw new Error('AppTabs parts must be inside AppTabs.Root');
  return state;
}

const ORIENTATION = { 'data-orientation': 'horizontal' } as const;
const triggerId = (id: string, value: string) => `tabs-${id}-trigger-${value}`;
const contentId = (id: string, value: string) => `tabs-${id}-content-${value}`;

interface AppTabsRootProps extends Omit<RootProps, 'onChange' | 'defaultValue'> {
  value: string;
  onValueChange: (value: string) => void;
  /** Mount a panel when its tab is first selected, and keep it (otherwise every panel mounts at once). */
  lazyMount?: boolean;
}

function Root({ value, onValueChange, lazyMount = false, children, ...rest }: AppTabsRootProps) {
  const id = useId();
  const [visited, setVisited] = useState(() => new Set([value]));
  if (!visited.has(value)) setVisited(new Set(visited).add(value));
  const state: TabsState = { id, value, select: onValueChange, mounted: (panel) => !lazyMount || panel === value || visited.has(panel) };
  return (
    <TabsContext value={state}>
      <StyledRoot {...ORIENTATION} {...rest}>
        {children}
      </StyledRoot>
    </TabsContext>
  );
}

const NEXT: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

function List(props: HTMLChakraProps<'div'>) {
  const { select } = useTabs();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = NEXT[event.key];
    if (!next) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0 || tabs.length === 0) return;
    event.preventDefault();
    const tab = tabs[next(index, tabs.length)]!;
    tab.focus();
    select(tab.dataset.value!);
  };
  return <StyledList role="tablist" aria-orientation="horizontal" {...ORIENTATION} onKeyDown={onKeyDown} {...props} />;
}

function Trigger({ value, ...rest }: HTMLChakraProps<'button'> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <StyledTrigger
      type="button"
      role="tab"
      id={triggerId(tabs.id, value)}
      aria-selected={selected}
      aria-controls={selected ? contentId(tabs.id, value) : undefined}
      data-selected={selected ? '' : undefined}
      data-value={value}
      tabIndex={selected ? 0 : -1}
      {...ORIENTATION}
      onClick={() => tabs.select(value)}
      {...rest}
    />
  );
}

function Content({ value, children, ...rest }: HTMLChakraProps<'div'> & { value: string; children?: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <StyledContent
      role="tabpanel"
      id={contentId(tabs.id, value)}
      aria-labelledby={triggerId(tabs.id, value)}
      tabIndex={0}
      hidden={!selected}
      data-selected={selected ? '' : undefined}
      {...ORIENTATION}
      {...rest}
    >
      {tabs.mounted(value) ? children : null}
    </StyledContent>
  );
}

export const AppTabs = { Root, List, Trigger, Content };
