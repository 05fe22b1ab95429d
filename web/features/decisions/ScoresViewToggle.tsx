import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { ScoreCardsSection } from './ScoreCardsSection.tsx';
import { ScoreGridSection } from './ScoreGridSection.tsx';

/** Scores are typed one option at a time (a card) or all at once (the grid). */
export type ScoresView = 'cards' | 'grid';

/** Phones start with one option at a time: the whole grid would scroll sideways there. */
export function defaultScoresView(): ScoresView {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'grid';
  return window.matchMedia('(max-width: 639px)').matches ? 'cards' : 'grid';
}

export function ScoresViewToggle({
  view,
  onChange,
}: {
  view: ScoresView;
  onChange: (view: ScoresView) => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('decisionForm.guided.viewLabel')} className="flex flex-wrap gap-2">
      {(['cards', 'grid'] as const).map((each) => (
        <Button
          key={each}
          variant={view === each ? 'primary' : 'secondary'}
          aria-pressed={view === each}
          onClick={() => onChange(each)}
        >
          {t(`decisionForm.guided.view.${each}`)}
        </Button>
      ))}
    </div>
  );
}

/** The scores step: the view switch and the chosen view (both edit the same score fields). */
export function ScoresInView({
  view,
  onViewChange,
}: {
  view: ScoresView;
  onViewChange: (view: ScoresView) => void;
}) {
  return (
    <>
      <ScoresViewToggle view={view} onChange={onViewChange} />
      {view === 'cards' ? <ScoreCardsSection /> : <ScoreGridSection />}
    </>
  );
}
