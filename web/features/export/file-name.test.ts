import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './file-name.ts';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="Groesse.csv"; filename*=UTF-8''Gr%C3%B6%C3%9Fe%20%E2%80%93%20Plan.csv`,
        'x.csv',
      ),
    ).toBe('Größe – Plan.csv');
  });
  it('falls back to the ASCII name, then to the given name', () => {
    expect(fileNameFromDisposition(`attachment; filename="plan.pdf"`, 'x.pdf')).toBe('plan.pdf');
    expect(
      fileNameFromDisposition(`attachment; filename="plan.pdf"; filename*=UTF-8''%E0%A4%A`, 'x.pdf'),
    ).toBe('plan.pdf');
    expect(fileNameFromDisposition(null, 'decision-7.pdf')).toBe('decision-7.pdf');
  });
});
