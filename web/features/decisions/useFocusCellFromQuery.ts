import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { parseCellParam } from './empty-cells.ts';

/** How long the page may take to show its score grid before the request to focus a cell is dropped. */
const WAIT_FOR_GRID_MS = 5000;

/**
 * `?cell=<optionIndex>-<criterionIndex>` (the details page's link to the first empty cell, issue 25):
 * once the score grid shows that cell, it is focused and scrolled into view. The grid may render after
 * the form (lazy parts), so the page is watched until the cell appears.
 */
export function useFocusCellFromQuery(): void {
  const [params] = useSearchParams();
  const cell = parseCellParam(params.get('cell'));
  const optionIndex = cell?.optionIndex;
  const criterionIndex = cell?.criterionIndex;

  useEffect(() => {
    if (optionIndex === undefined || criterionIndex === undefined) return;
    const selector = `[data-grid] input[data-grid-row="${optionIndex}"][data-grid-column="${criterionIndex}"]`;
    const focusCell = () => {
      const input = document.querySelector<HTMLInputElement>(selector);
      if (!input) return false;
      input.focus();
      input.scrollIntoView({ block: 'center', inline: 'center' });
      return true;
    };
    if (focusCell()) return;
    const observer = new MutationObserver(() => {
      if (focusCell()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => observer.disconnect(), WAIT_FOR_GRID_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [optionIndex, criterionIndex]);
}
