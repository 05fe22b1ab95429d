import { ChevronDown } from 'lucide-react';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { isAiAvailable } from '../../lib/ai-availability.ts';
import { useIsHydrated } from '../../lib/hydration.ts';

const QUESTION_KEYS = ['whatIsIt', 'aiScoring', 'account', 'privateAndBusiness', 'dataSafety'] as const;

export function FaqList() {
  const { t } = useTranslation();
  // The prerendered page cannot open an answer before hydration.
  const isHydrated = useIsHydrated();
  return (
    <DisclosureGroup
      allowsMultipleExpanded
      isDisabled={!isHydrated}
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
    >
      {QUESTION_KEYS.filter((key) => key !== 'aiScoring' || isAiAvailable()).map((key) => (
        <Disclosure key={key} id={key} className="group">
          <Heading level={2} className="m-0">
            <Button
              slot="trigger"
              className="flex w-full items-center justify-between gap-4 rounded-2xl px-6 py-5 text-left text-base font-semibold text-slate-900 outline-none data-focus-visible:outline-2 data-focus-visible:outline-indigo-500 dark:text-white"
            >
              {t(`faq.items.${key}.question`)}
              <ChevronDown
                aria-hidden
                size={20}
                className="shrink-0 transition-transform group-data-expanded:rotate-180"
              />
            </Button>
          </Heading>
          <DisclosurePanel>
            <p className="px-6 pb-5 leading-relaxed text-slate-700 dark:text-slate-300">
              {t(`faq.items.${key}.answer`)}
            </p>
          </DisclosurePanel>
        </Disclosure>
      ))}
    </DisclosureGroup>
  );
}
