import { StackedHeader } from '../../components/ui/MatrixTable.tsx';
import { WeightShareNote } from './WeightShareNote.tsx';

interface CriterionHeaderProps {
  criterion: { label: string; importance: number; anchors?: { id: string; text: string } | null };
  /** The criterion's share of all weights, in percent. */
  share: number;
  isTruncated?: boolean;
}

/** A criterion's column header in a score grid: its name, its weight and share, its scale anchors. */
export function CriterionHeader({ criterion, share, isTruncated }: CriterionHeaderProps) {
  return (
    <StackedHeader
      label={criterion.label}
      note={<WeightShareNote weight={criterion.importance} share={share} kind="importance" />}
      description={criterion.anchors}
      isTruncated={isTruncated}
    />
  );
}
