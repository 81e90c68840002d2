import { TRANSPARENCY_FIGURE_TEXT, TRANSPARENCY_FIGURES, type ShownCount, type TransparencyResponse } from '@solutionz/shared';

/** A CSV cell: plain numbers as they are, text quoted. */
const cell = (count: ShownCount | undefined) => (count === undefined ? '0' : count.value === null ? `"fewer than ${count.fewerThan}"` : String(count.value));

/** The monthly figures as CSV, a row per month (yyyy-mm) and a column per figure, with the same "fewer than 5" as the page. */
export function transparencyCsv(answer: Pick<TransparencyResponse, 'months'>): string {
  const header = ['Month', ...TRANSPARENCY_FIGURES.map((figure) => `"${TRANSPARENCY_FIGURE_TEXT[figure].title}"`)].join(',');
  const rows = answer.months.map(({ month, figures }) =>
    [month, ...TRANSPARENCY_FIGURES.map((figure) => cell(figures.find((each) => each.figure === figure)?.count))].join(','),
  );
  return `${[header, ...rows].join('\r\n')}\r\n`;
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(csv: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
